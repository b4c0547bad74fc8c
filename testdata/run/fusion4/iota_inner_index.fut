-- A map over `iota m` whose index only picks a column of a matrix (under
-- `#[unsafe]`, so no bounds check keeps the index alive) maps over the
-- rows of the transposed matrix instead: no iota is left.
-- ==
-- input { [[1, 2, 3], [4, 5, 6]] 1i64 } output { [14, 15, 16] }
-- input { [[1, 2, 3], [4, 5, 6]] 0i64 } output { [11, 12, 13] }
-- structure { Iota 0 Screma 1 }

def main [n] [m] (xss: [n][m]i32) (r: i64) : [m]i32 =
  map (\j -> #[unsafe] xss[r, j] + 10) (iota m)
