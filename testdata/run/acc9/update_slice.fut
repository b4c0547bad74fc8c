-- A slice update with indices that vary per row, inside a map whose rest
-- is a reduction: the map is split at the update, which becomes one
-- scatter over every row's slice (the rows times the value's length).
-- Out-of-bounds slices and values of the wrong length fail as the
-- update itself would.
-- ==
-- input { [0i64, 3i64, 1i64] [5i64, 8i64, 6i64] }
-- output { [51i64, 21i64, 41i64] }
-- input { empty([0]i64) empty([0]i64) }
-- output { empty([0]i64) }
-- input { [0i64, 4i64] [5i64, 9i64] }
-- error: out of bounds
-- input { [0i64, 1i64] [5i64, 4i64] }
-- error: Cannot update a slice of shape \[3\] with a value of shape \[5\]

entry main [n] (is: [n]i64) (js: [n]i64) =
  #[flattening(only_inner)]
  map2 (\i j -> reduce (+) 0 (map (* 2) (iota 8) with [i:j] = map (+ 1) (iota 5))) is js
