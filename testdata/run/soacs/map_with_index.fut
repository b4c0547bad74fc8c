-- description: map over iota to compute index-dependent values; gather with indices.
-- ==
-- entry: weighted
-- input { [5, 5, 5] } output { [0, 5, 10] }

-- ==
-- entry: gather
-- input { [10, 20, 30, 40] [3i64, 0i64, 0i64] } output { [40, 10, 10] }

entry weighted [n] (xs: [n]i32) = map (\i -> i32.i64 i * xs[i]) (iota n)
entry gather (xs: []i32) (is: []i64) = map (\i -> xs[i]) is
