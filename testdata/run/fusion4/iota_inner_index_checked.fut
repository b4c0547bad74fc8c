-- The same map with its bounds check: the check's message reads the
-- index, so the map stays over the iota, and an index out of bounds is
-- reported.
-- ==
-- input { [[1, 2, 3], [4, 5, 6]] 1i64 } output { [14, 15, 16] }
-- input { [[1, 2, 3], [4, 5, 6]] 2i64 } error: Index \[2, 0\] out of bounds
-- structure { Iota 1 Screma 1 }

def main [n] [m] (xss: [n][m]i32) (r: i64) : [m]i32 =
  map (\j -> xss[r, j] + 10) (iota m)
