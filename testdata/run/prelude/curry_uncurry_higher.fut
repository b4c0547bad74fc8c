-- description: curry/uncurry used to adapt functions for map over pairs.
-- ==
-- entry: pair_sums
-- input { [1, 2] [3, 4] } output { [4, 6] [3, 8] }

entry pair_sums [n] (xs: [n]i32) (ys: [n]i32) =
  let ps = zip xs ys
  in (map (uncurry (+)) ps, map (uncurry (curry (\(a, b) -> a * b))) ps)
