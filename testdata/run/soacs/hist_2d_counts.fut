-- description: a 2D histogram computed with hist over flattened bin indices.
-- ==
-- input { [0i64, 1i64, 1i64, 0i64] [1i64, 0i64, 0i64, 1i64] } output { [[0, 2], [2, 0]] }

def main [n] (xs: [n]i64) (ys: [n]i64) =
  let flat = hist (+) 0 (2 * 2) (map2 (\x y -> x * 2 + y) xs ys) (replicate n 1i32)
  in unflatten flat
