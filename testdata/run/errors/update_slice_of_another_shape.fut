-- An in-place update of a slice with a value of another shape fails at
-- run time, naming both shapes; one of the right shape goes through.
-- ==
-- entry: short
-- input { [[1, 2, 3], [4, 5, 6]] } error: Cannot update a slice of shape \[2\] with a value of shape \[1\]
-- input { [[1], [2]] } error: out of bounds

entry short [m] (a: *[2][m]i32) : [2][m]i32 =
  a with [1, 1:3] = [9]

-- ==
-- entry: fits
-- input { [[1, 2, 3], [4, 5, 6]] 2i64 } output { [[1, 2, 3], [4, 7, 7]] }

entry fits [m] (a: *[2][m]i32) (k: i64) : [2][m]i32 =
  a with [1, 1:3] = replicate k 7
