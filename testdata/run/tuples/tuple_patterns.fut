-- description: tuple patterns in let, function parameters and lambdas, with wildcards.
-- ==
-- input { 3 4 5 } output { 12 7 }

def mul3 (a, b, c) = a * b * c / 5

def main (x: i32) (y: i32) (z: i32) =
  let (p, _, r) = (x, y, z)
  let f = \(u, v) -> u + v
  in (mul3 (p, y, r) + 0, f (x, y))
