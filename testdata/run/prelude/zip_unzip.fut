-- description: zip/unzip and zip3/unzip3 round trips.
-- ==
-- entry: swap_pairs
-- input { [1, 2, 3] [4, 5, 6] } output { [4, 5, 6] [1, 2, 3] }

-- ==
-- entry: rotate3
-- input { [1, 2] [true, false] [1.5, 2.5] } output { [true, false] [1.5, 2.5] [1, 2] }

entry swap_pairs [n] (xs: [n]i32) (ys: [n]i32) =
  let (a, b) = unzip (map (\(x, y) -> (y, x)) (zip xs ys))
  in (a, b)

entry rotate3 [n] (a: [n]i32) (b: [n]bool) (c: [n]f64) =
  let (x, y, z) = unzip3 (map (\(p, q, r) -> (q, r, p)) (zip3 a b c))
  in (x, y, z)
