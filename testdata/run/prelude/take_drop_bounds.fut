-- description: take and drop with a count larger than the array are errors, not clamps.
-- ==
-- entry: drop_too_many
-- input { 1i64 empty([0]i32) } error: out of bounds
-- input { 1i64 [5] } output { empty([0]i32) }

-- ==
-- entry: take_too_many
-- input { 3i64 [1, 2] } error: out of bounds

entry drop_too_many (k: i64) (xs: []i32) = drop k xs
entry take_too_many (k: i64) (xs: []i32) = take k xs
