-- Branches, matches and loops over first-order values, and equality on
-- records, arrays and sum types, are all fine; a function chosen by a
-- branch is applied inside each branch instead.
type shape = #circle f64 | #square f64

def area (s: shape) : f64 =
  match s
  case #circle r -> 3.14 * r * r
  case #square a -> a * a

def rescale (shrink: bool) (xs: []f32) : []f32 =
  if shrink then map (/ 2) xs else map (* 2) xs

def same_point (p: {x: i32, y: i32}) (q: {x: i32, y: i32}) = p == q

def same_shape (a: shape) (b: shape) = a == b

def all_equal [n] (xs: [n]i64) (ys: [n]i64) = xs == ys

def iterate_sum (n: i64) = loop (acc, i) = (0i64, 0i64) while i < n do (acc + i, i + 1)
