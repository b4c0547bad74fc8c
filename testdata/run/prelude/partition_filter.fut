-- description: filter, partition and partition2 keep the original relative order.
-- ==
-- entry: evens
-- input { [5, 2, 8, 1, 4] } output { [2, 8, 4] }
-- input { empty([0]i32) } output { empty([0]i32) }

-- ==
-- entry: split_sign
-- input { [3, -1, 0, -7, 2] } output { [-1, -7] [3, 0, 2] }

-- ==
-- entry: three_way
-- input { [5, -2, 0, 7, -9, 0] } output { [-2, -9] [0, 0] [5, 7] }

entry evens (xs: []i32) = filter (\x -> x % 2 == 0) xs
entry split_sign (xs: []i32) = partition (< 0) xs
entry three_way (xs: []i32) = partition2 (< 0) (== 0) xs
