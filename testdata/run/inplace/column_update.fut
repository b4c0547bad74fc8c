-- description: updating a column slice of a matrix with `m with [:, j] = col`.
-- ==
-- input { [[1, 2, 3], [4, 5, 6]] 1i64 [0, 0] } output { [[1, 0, 3], [4, 0, 6]] }
-- input { [[1, 2, 3], [4, 5, 6]] 2i64 [7, 8] } output { [[1, 2, 7], [4, 5, 8]] }

def main [n][m] (a: *[n][m]i32) (j: i64) (col: [n]i32) = a with [:, j] = col
