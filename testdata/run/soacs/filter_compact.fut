-- description: filter to remove zeros and keep elements within a range.
-- ==
-- entry: nonzero
-- input { [0, 1, 0, 2, 3, 0] } output { [1, 2, 3] }
-- input { [0, 0] } output { empty([0]i32) }

-- ==
-- entry: in_range
-- input { 2 5 [1, 2, 3, 4, 5, 6] } output { [2, 3, 4, 5] }

entry nonzero (xs: []i32) = filter (!= 0) xs
entry in_range (lo: i32) (hi: i32) (xs: []i32) = filter (\x -> lo <= x && x <= hi) xs
