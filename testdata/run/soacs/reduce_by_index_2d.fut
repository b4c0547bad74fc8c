-- description: reduce_by_index into rows of a 2D array, combining whole rows element-wise.
-- ==
-- input { [0i64, 1i64, 0i64] [[1, 2], [3, 4], [5, 6]] } output { [[6, 8], [3, 4]] }

def main [n] (is: [n]i64) (rows: [n][2]i32) =
  reduce_by_index (replicate 2 (replicate 2 0)) (map2 (+)) (replicate 2 0) is rows
