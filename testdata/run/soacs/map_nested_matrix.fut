-- description: nested map over rows and columns: scaling and adding matrices.
-- ==
-- entry: scale
-- input { 3 [[1, 2], [3, 4]] } output { [[3, 6], [9, 12]] }

-- ==
-- entry: add
-- input { [[1, 2], [3, 4]] [[10, 20], [30, 40]] } output { [[11, 22], [33, 44]] }

entry scale (k: i32) (m: [][]i32) = map (map (* k)) m
entry add [n][m] (a: [n][m]i32) (b: [n][m]i32) = map2 (map2 (+)) a b
