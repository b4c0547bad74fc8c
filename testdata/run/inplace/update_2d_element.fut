-- description: updating one element and one whole row of a 2D array.
-- ==
-- entry: set_elem
-- input { [[1, 2], [3, 4]] 1i64 0i64 9 } output { [[1, 2], [9, 4]] }

-- ==
-- entry: set_row
-- input { [[1, 2], [3, 4]] 0i64 [7, 8] } output { [[7, 8], [3, 4]] }

entry set_elem (m: *[][]i32) (i: i64) (j: i64) (v: i32) = m with [i, j] = v
entry set_row [n] (m: *[][n]i32) (i: i64) (row: [n]i32) = m with [i] = row
