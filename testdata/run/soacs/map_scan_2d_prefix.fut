-- description: 2D inclusive prefix sums (summed-area table) with scans over rows then columns.
-- ==
-- input { [[1, 2], [3, 4]] } output { [[1, 3], [4, 10]] }
-- input { [[1, 1, 1]] } output { [[1, 2, 3]] }

def main [n][m] (a: [n][m]i32) : [n][m]i32 =
  let rows = map (scan (+) 0) a
  in transpose (map (scan (+) 0) (transpose rows))
