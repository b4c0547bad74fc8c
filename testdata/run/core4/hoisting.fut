-- Code that does not depend on a SOAC's rows runs once, before the SOAC,
-- with the same results and the same errors as per row: a check moved
-- out still fails only when some row would have failed it.
-- ==
-- entry: grid
-- input { 3i64 2i64 } output { [[0i64, 1i64, 2i64], [3i64, 4i64, 5i64]] }
-- input { 0i64 2i64 } output { empty([2][0]i64) }
-- input { -1i64 2i64 } error: Range

-- ==
-- entry: divided
-- input { [1i64, 2i64] 0i64 } error: Cannot apply operator
-- input { empty([0]i64) 0i64 } output { empty([0]i64) }
-- input { [4i64, 9i64] 2i64 } output { [52i64, 54i64] }

-- ==
-- entry: updated
-- input { 3i64 [1i64, 2i64] } output { [[1i64, 0i64, 0i64], [2i64, 0i64, 0i64]] }

entry grid (w: i64) (h: i64) : [h][w]i64 =
  map (\j -> map (\i -> j * w + i) (iota w)) (iota h)

entry divided (xs: []i64) (k: i64) : []i64 =
  map (\x -> x / k + 100 / k) xs

-- The replicated row is updated in place: each row needs its own.
entry updated (n: i64) (xs: []i64) : [][n]i64 =
  map (\x -> let row = replicate n 0 in row with [0] = x) xs
