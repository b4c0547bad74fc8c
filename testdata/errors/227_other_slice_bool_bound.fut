-- Slice with a bool bound.
-- ==
-- error: Types[[:space:]]+i64[[:space:]]+and[[:space:]]+bool[[:space:]]+do not match

def prefix (xs: []i32) (all: bool) : []i32 =
  xs[0:all]
