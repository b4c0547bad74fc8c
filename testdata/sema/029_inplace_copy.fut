-- In-place updates after `copy` of a non-unique parameter.

def with_first (xs: []i32) (v: i32) : []i32 =
  let ys = copy xs
  let ys[0] = v
  in ys

def fresh_row [n] (m: [n][n]f32) (i: i64) : *[n]f32 =
  let row = copy m[i]
  in row with [0] = 0
