-- description: tuple patterns in let, function parameters and lambdas, with wildcards.
-- ==
-- input { 3 4 5 } output { 60 7 8 }

def mul3 (a, b, c) = a * b * c

def main (x: i32) (y: i32) (z: i32) =
  let (p, _, r) = (x, y, z)
  let add_pair = \(u, v) -> u + v
  let (_, second) = (p, r + 3)
  in (mul3 (p, y, r), add_pair (x, y), second)
