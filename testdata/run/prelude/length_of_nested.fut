-- description: length of outer and inner dimensions, and of empty arrays.
-- ==
-- entry: lens
-- input { [[1, 2, 3], [4, 5, 6]] } output { 2i64 3i64 }

-- ==
-- entry: empty_len
-- input { empty([0]f32) } output { 0i64 }

entry lens [n][m] (xss: [n][m]i32) = (length xss, length (transpose xss))
entry empty_len (xs: []f32) = length xs
