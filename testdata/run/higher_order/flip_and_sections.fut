-- description: flip swaps argument order of binary functions used with scan and map.
-- ==
-- input { [1, 2, 3] } output { [-9, -8, -7] [1, 1, 2] }

-- flip (-) 10 x is x - 10; scan (flip (-)) computes x - acc.
def main (xs: []i32) =
  (map (flip (-) 10) xs, scan (flip (-)) 0 xs)
