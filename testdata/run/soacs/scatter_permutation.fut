-- description: applying and inverting a permutation with scatter and gather.
-- ==
-- entry: permute
-- input { [2i64, 0i64, 1i64] [10, 20, 30] } output { [20, 30, 10] }

-- ==
-- entry: roundtrip
-- input { [3i64, 1i64, 0i64, 2i64] [5, 6, 7, 8] } output { [5, 6, 7, 8] }

-- Element i goes to position p[i].
entry permute [n] (p: [n]i64) (xs: [n]i32) = scatter (replicate n 0) p xs

entry roundtrip [n] (p: [n]i64) (xs: [n]i32) =
  let ys = scatter (replicate n 0) p xs
  in map (\i -> ys[i]) p
