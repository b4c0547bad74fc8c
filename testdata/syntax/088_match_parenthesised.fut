-- Parenthesised patterns in match, around literals, constructors and tuples.

type shape = #circle f32 | #square f32 | #point

def area (s: shape) : f32 =
  match s
  case (#circle r) -> f32.pi * r * r
  case (#square (side)) -> side * side
  case (#point) -> 0.0

def pick (p: (i32, i32)) : i32 =
  match p
  case ((0), (y)) -> y
  case ((x, _)) -> x

entry main (r: f32) : (f32, f32, f32) =
  (area (#circle r), area (#square r), area #point)

entry picks (a: i32) (b: i32) : i32 = pick (a, b)
