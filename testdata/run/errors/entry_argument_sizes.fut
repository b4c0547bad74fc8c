-- description: the sizes an entry point's parameters share, or take from an earlier parameter, are checked when it is called.
-- ==
-- entry: pair
-- input { [1, 2] [3, 4] } output { [4, 6] }
-- input { [1, 2] [3, 4, 5] } error: entry point arguments have invalid sizes
-- input { empty([0]i32) [1] } error: invalid sizes

-- ==
-- entry: dependent
-- input { 2i64 [1, 2] } output { [2, 3] }
-- input { 3i64 [1, 2] } error: entry point arguments have invalid sizes

-- ==
-- entry: matrix
-- input { [[1, 2], [3, 4]] } output { [[1, 3], [2, 4]] }
-- input { [[1, 2, 3], [4, 5, 6]] } error: entry point arguments have invalid sizes

entry pair [n] (xs: [n]i32) (ys: [n]i32) = map2 (+) xs ys

entry dependent (n: i64) (xs: [n]i32) : [n]i32 = map (+ 1) xs

entry matrix [n] (m: [n][n]i32) = transpose m
