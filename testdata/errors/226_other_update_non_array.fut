-- In-place update syntax on a scalar.
-- ==
-- error: Types[[:space:]]+\[[^[:space:]]+\][^[:space:]]+[[:space:]]+and[[:space:]]+i32[[:space:]]+do not match

def set_bit (x: *i32) (i: i64) : i32 =
  x with [i] = 1
