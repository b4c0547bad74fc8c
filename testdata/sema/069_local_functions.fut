-- Local (let-bound) functions, including polymorphic and size-parametric ones.

def smooth [n] (xs: [n]f32) : [n]f32 =
  let at (i: i64) = if i < 0 || i >= n then 0 else xs[i]
  let avg3 i = (at (i - 1) + at i + at (i + 1)) / 3
  in map avg3 (iota n)

def pairs (xs: []i32) (ys: []f32) =
  let dup 't (x: t) = (x, x)
  in (map dup xs, map dup ys)
