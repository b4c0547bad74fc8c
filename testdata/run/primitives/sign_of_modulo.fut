-- description: the sign of `%` follows the divisor and of `%%` the dividend, on a range of values.
-- ==
-- entry: mods
-- input { [-5, -4, -3, -2, -1, 0, 1, 2, 3, 4, 5] 3 }
-- output { [1, 2, 0, 1, 2, 0, 1, 2, 0, 1, 2] [-2, -1, 0, -2, -1, 0, 1, 2, 0, 1, 2] }
-- input { [-5, 5] -3 }
-- output { [-2, -1] [-2, 2] }

entry mods (xs: []i32) (d: i32) = (map (% d) xs, map (%% d) xs)
