-- description: flatten and unflatten between 1D and 2D arrays.
-- ==
-- entry: flat
-- input { [[1, 2, 3], [4, 5, 6]] } output { [1, 2, 3, 4, 5, 6] }
-- input { empty([0][3]i32) } output { empty([0]i32) }

-- ==
-- entry: unflat
-- input { 2i64 3i64 [1, 2, 3, 4, 5, 6] } output { [[1, 2, 3], [4, 5, 6]] }
-- input { 3i64 2i64 [1, 2, 3, 4, 5, 6] } output { [[1, 2], [3, 4], [5, 6]] }

entry flat (xss: [][]i32) = flatten xss
entry unflat (n: i64) (m: i64) (xs: []i32) = unflatten (xs :> [n * m]i32)
