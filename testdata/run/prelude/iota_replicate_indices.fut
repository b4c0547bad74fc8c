-- description: iota, replicate and indices, including zero lengths.
-- ==
-- entry: gen
-- input { 4i64 } output { [0i64, 1i64, 2i64, 3i64] [7, 7, 7, 7] }
-- input { 0i64 } output { empty([0]i64) empty([0]i32) }

-- ==
-- entry: idx
-- input { [10, 20, 30] } output { [0i64, 1i64, 2i64] }

-- ==
-- entry: matrix
-- input { 2i64 3i64 } output { [[0i64, 0i64, 0i64], [0i64, 0i64, 0i64]] }

entry gen (n: i64) = (iota n, replicate n 7i32)
entry idx (xs: []i32) = indices xs
entry matrix (n: i64) (m: i64) = replicate n (replicate m 0i64)
