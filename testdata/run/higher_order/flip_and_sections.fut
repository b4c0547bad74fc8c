-- description: flip swaps the argument order of binary functions, used with map and the sequential foldl.
-- ==
-- input { [1, 2, 3] } output { [-9, -8, -7] 2 }

-- flip (-) 10 x is x - 10. foldl (flip (-)) 0 computes x - acc at each step:
-- 1 - 0 = 1, 2 - 1 = 1, 3 - 1 = 2. (Not a scan: the operator is not associative.)
def main (xs: []i32) =
  (map (flip (-) 10) xs, foldl (flip (-)) 0 xs)
