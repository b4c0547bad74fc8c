-- description: foldl and foldr differ for non-associative operators.
-- ==
-- entry: folds
-- input { [1, 2, 3] } output { -6 2 }
-- input { empty([0]i32) } output { 0 0 }

-- ==
-- entry: digits
-- input { [1, 2, 3] } output { 123 321 }

entry folds (xs: []i32) = (foldl (-) 0 xs, foldr (-) 0 xs)

-- foldl sees the accumulator first; foldr sees the element first.
entry digits (xs: []i32) =
  (foldl (\acc d -> acc * 10 + d) 0 xs, foldr (\d acc -> acc * 10 + d) 0 xs)
