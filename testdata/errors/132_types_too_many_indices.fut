-- Too many indices for a one-dimensional array.
-- ==
-- error: Types[[:space:]]+\[[^[:space:]]+\][^[:space:]]+[[:space:]]+and[[:space:]]+i32[[:space:]]+do not match

def cell (row: []i32) (i: i64) (j: i64) : i32 =
  row[i, j]
