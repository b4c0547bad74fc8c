-- In-place update bindings: let xs[i] = v, on unique arrays and in loops.

def set_first (xs: *[]i32) (v: i32) : *[]i32 =
  let xs[0] = v
  in xs

-- | Fill an identity matrix using a 2D in-place update.
def identity (n: i64) : [n][n]f32 =
  let m = replicate n (replicate n 0.0f32)
  in loop m for i < n do
       let m[i, i] = 1.0
       in m

-- | Swap two elements.
def swap [n] (i: i64) (j: i64) (xs: *[n]i32) : *[n]i32 =
  let tmp = xs[i]
  let xs[i] = xs[j]
  let xs[j] = tmp
  in xs

entry main (xs: []i32) : []i32 = set_first (copy xs) 42

entry eye (n: i64) : [n][n]f32 = identity n

entry swapped (xs: []i32) : []i32 = swap 0 (length xs - 1) (copy xs)
