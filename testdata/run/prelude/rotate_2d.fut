-- description: rotating the rows and the columns of a matrix.
-- ==
-- entry: rot_rows
-- input { [[1, 2], [3, 4], [5, 6]] } output { [[3, 4], [5, 6], [1, 2]] }

-- ==
-- entry: rot_cols
-- input { [[1, 2, 3], [4, 5, 6]] } output { [[3, 1, 2], [6, 4, 5]] }

entry rot_rows (m: [][]i32) = rotate 1 m
entry rot_cols (m: [][]i32) = map (rotate (-1)) m
