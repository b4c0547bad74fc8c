-- description: a size-parameterised record type holding a matrix and its row count.
-- ==
-- input { [[1, 2], [3, 4], [5, 6]] } output { 3i64 [9, 12] }

type table [r][c] = {rows: [r][c]i32, nrows: i64}

def col_sums [r][c] (t: table [r][c]) : [c]i32 = map (reduce (+) 0) (transpose t.rows)

def main [r][c] (a: [r][c]i32) =
  let t : table [r][c] = {rows = a, nrows = r}
  in (t.nrows, col_sums t)
