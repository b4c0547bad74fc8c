-- description: prelude operations on empty 2D arrays: concat, transpose, flatten, unflatten, reverse, zip/unzip.
-- ==
-- entry: ops
-- input { empty([0][3]i32) } output { empty([0][3]i32) empty([3][0]i32) empty([0]i32) empty([0][3]i32) }

-- ==
-- entry: reshape
-- input { 0i64 5i64 } output { empty([0][5]i32) }

-- ==
-- entry: zip_empty
-- input { empty([0][2]i32) empty([0]bool) } output { empty([0][2]i32) empty([0]bool) }

entry ops [m] (a: [][m]i32) = (concat a a, transpose a, flatten a, reverse a)
entry reshape (n: i64) (m: i64) = unflatten (replicate (n * m) 0i32)
entry zip_empty [n][m] (a: [n][m]i32) (b: [n]bool) = unzip (zip a b)
