-- `[n]` used as a value of the wrong type: sizes are i64, not i32.
-- ==
-- error: Expected:[[:space:]]+i32[[:space:]]+Actual:[[:space:]]+i64

def count [n] (xs: [n]bool) : i32 =
  n
