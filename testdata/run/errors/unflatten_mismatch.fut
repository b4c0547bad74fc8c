-- description: reshaping with unflatten after a failing size coercion (6 elements into 4x2).
-- ==
-- input { 4i64 2i64 [1, 2, 3, 4, 5, 6] } error: cannot match shape
-- input { 3i64 2i64 [1, 2, 3, 4, 5, 6] } output { [[1, 2], [3, 4], [5, 6]] }

def main (n: i64) (m: i64) (xs: []i32) = unflatten (xs :> [n * m]i32)
