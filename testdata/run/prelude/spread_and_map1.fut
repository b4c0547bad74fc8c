-- description: spread (scatter into a fresh array filled with a default) and map1/manifest.
-- ==
-- entry: spreads
-- input { 4i64 [2i64, 0i64, 9i64] [7, 8, 9] } output { [8, -1, 7, -1] }

-- ==
-- entry: map_one
-- input { [1, 2] } output { [2, 3] [1, 2] }

entry spreads [k] (n: i64) (is: [k]i64) (vs: [k]i32) = spread n (-1) is vs
entry map_one (xs: []i32) = (map1 (+ 1) xs, manifest xs)
