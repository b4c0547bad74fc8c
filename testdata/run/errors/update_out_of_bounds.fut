-- description: an in-place update at an out-of-bounds index is an error (unlike scatter, which ignores it).
-- ==
-- entry: update
-- input { [1, 2, 3] 3i64 } error: Index \[3\] out of bounds|Bad update
-- input { [1, 2, 3] 0i64 } output { [0, 2, 3] }

-- ==
-- entry: scatter_ignores
-- input { [1, 2, 3] 3i64 } output { [1, 2, 3] }

entry update (xs: *[]i32) (i: i64) = xs with [i] = 0
entry scatter_ignores (xs: *[]i32) (i: i64) = scatter xs [i] [0]
