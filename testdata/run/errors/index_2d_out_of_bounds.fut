-- description: out-of-bounds index in the inner dimension of a 2D array.
-- ==
-- input { [[1, 2], [3, 4]] 1i64 2i64 } error: Index \[1, 2\] out of bounds for array of shape \[2\]\[2\]
-- input { [[1, 2], [3, 4]] 1i64 1i64 } output { 4 }

def main (a: [][]i32) (i: i64) (j: i64) = a[i, j]
