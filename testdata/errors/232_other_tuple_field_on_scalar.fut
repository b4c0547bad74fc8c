-- Projecting a tuple field from a scalar value.
-- ==
-- error: Types[[:space:]]+i32[[:space:]]+and[[:space:]]+\{0: [^[:space:]]+\}[[:space:]]+do not match

def first (x: i32) : i32 =
  x.0
