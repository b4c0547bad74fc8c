-- description: slices with out-of-range or reversed bounds are run-time errors.
-- ==
-- input { [1, 2, 3] 1i64 5i64 } error: Index \[1:5\] out of bounds for array of shape \[3\]
-- input { [1, 2, 3] 2i64 1i64 } error: Index \[2:1\] out of bounds
-- input { [1, 2, 3] 1i64 3i64 } output { [2, 3] }
-- input { [1, 2, 3] 3i64 3i64 } output { empty([0]i32) }

def main (xs: []i32) (i: i64) (j: i64) = xs[i:j]
