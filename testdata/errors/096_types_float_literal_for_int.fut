-- Float literal where an integer type is required.
-- ==
-- error: due to float literal

def half_count (xs: []i32) : i32 =
  i32.sum xs * 0.5
