-- description: indices of a 2D array ranges over its rows; iota-based index grids.
-- ==
-- input { [[7, 7, 7], [8, 8, 8]] } output { [0i64, 1i64] [[0i64, 1i64, 2i64], [3i64, 4i64, 5i64]] }

def main [n][m] (a: [n][m]i32) =
  (indices a, map (\i -> map (\j -> i * m + j) (iota m)) (iota n))
