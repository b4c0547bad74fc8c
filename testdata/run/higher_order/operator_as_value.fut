-- description: operators wrapped in parentheses are ordinary function values.
-- ==
-- input { [1, 2, 3] [4, 5, 6] } output { [5, 7, 9] [-3, -3, -3] [true, true, true] [4, 10, 18] }

def main [n] (xs: [n]i32) (ys: [n]i32) =
  (map2 (+) xs ys, map2 (-) xs ys, map2 (<) xs ys, map2 (*) xs ys)
