-- description: concat and the ++ operator, with empty operands.
-- ==
-- entry: join
-- input { [1, 2] [3] } output { [1, 2, 3] [3, 1, 2] }
-- input { empty([0]i32) [5, 6] } output { [5, 6] [5, 6] }

-- ==
-- entry: join_rows
-- input { [[1, 2]] [[3, 4], [5, 6]] } output { [[1, 2], [3, 4], [5, 6]] }

entry join (xs: []i32) (ys: []i32) = (concat xs ys, ys ++ xs)
entry join_rows (a: [][2]i32) (b: [][2]i32) = a ++ b
