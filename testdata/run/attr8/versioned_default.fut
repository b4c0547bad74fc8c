-- description: without an attribute the same nest gets both versions,
-- chosen by the outer width (the reference for `only_inner_red.fut`).
-- ==
-- structure gpu { If 1 }
-- input { [[1i32, 2, 3], [4, 5, 6]] } output { [13i32, 31] }

entry main [n] [m] (xss: [n][m]i32) : [n]i32 =
  map (\xs -> i32.sum (map (* 2) xs) + 1) xss
