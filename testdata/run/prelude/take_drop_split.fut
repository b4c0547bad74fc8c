-- description: take, drop and split at various positions, including 0 and the full length.
-- ==
-- entry: take_drop
-- input { 2i64 [1, 2, 3, 4, 5] } output { [1, 2] [3, 4, 5] }
-- input { 0i64 [1, 2, 3] } output { empty([0]i32) [1, 2, 3] }
-- input { 3i64 [1, 2, 3] } output { [1, 2, 3] empty([0]i32) }

-- ==
-- entry: split_at
-- input { 1i64 [9, 8, 7] } output { [9] [8, 7] }

entry take_drop (k: i64) (xs: []i32) = (take k xs, drop k xs)
-- split needs the input size to be visibly k + m.
entry split_at (k: i64) (xs: []i32) =
  let m = length xs - k
  in split (xs :> [k + m]i32)
