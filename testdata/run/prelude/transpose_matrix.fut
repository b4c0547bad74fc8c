-- description: transpose of square, rectangular and degenerate matrices.
-- ==
-- entry: tr
-- input { [[1, 2, 3], [4, 5, 6]] } output { [[1, 4], [2, 5], [3, 6]] }
-- input { [[7]] } output { [[7]] }
-- input { empty([0][2]i32) } output { empty([2][0]i32) }

-- ==
-- entry: twice
-- input { [[1, 2], [3, 4]] } output { true }

entry tr (m: [][]i32) = transpose m
entry twice [n][k] (m: [n][k]i32) = transpose (transpose m) == m
