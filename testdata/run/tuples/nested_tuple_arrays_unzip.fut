-- description: arrays of nested tuples `(i32, (bool, f64))` split with nested unzips.
-- ==
-- input { [1, 2] [true, false] [0.5, 1.5] } output { [2, 3] [false, true] [1.0, 3.0] }

def main [n] (a: [n]i32) (b: [n]bool) (c: [n]f64) =
  let nested = map3 (\x y z -> (x, (y, z))) a b c
  let bumped = map (\(x, (y, z)) -> (x + 1, (!y, z * 2))) nested
  let (xs, rest) = unzip bumped
  let (ys, zs) = unzip rest
  in (xs, ys, zs)
