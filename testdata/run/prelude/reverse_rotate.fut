-- description: reverse and rotate (positive, negative and wrapping rotation amounts).
-- ==
-- entry: rev
-- input { [1, 2, 3] } output { [3, 2, 1] }
-- input { empty([0]i32) } output { empty([0]i32) }

-- ==
-- entry: rot
-- input { 1i64 [1, 2, 3, 4] } output { [2, 3, 4, 1] }
-- input { -1i64 [1, 2, 3, 4] } output { [4, 1, 2, 3] }
-- input { 6i64 [1, 2, 3, 4] } output { [3, 4, 1, 2] }
-- input { 0i64 [1, 2, 3, 4] } output { [1, 2, 3, 4] }

entry rev (xs: []i32) = reverse xs
entry rot (k: i64) (xs: []i32) = rotate k xs
