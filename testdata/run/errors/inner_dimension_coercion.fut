-- description: coercing a 2D array to a different inner dimension fails.
-- ==
-- input { 2i64 [[1, 2], [3, 4]] } output { [[1, 2], [3, 4]] }
-- input { 3i64 [[1, 2], [3, 4]] } error: cannot match shape

def main [n][m] (k: i64) (a: [n][m]i32) = a :> [n][k]i32
