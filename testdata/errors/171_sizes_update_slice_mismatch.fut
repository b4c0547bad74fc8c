-- Sizes: writing a whole row where a single element is expected in an in-place update.
-- ==
-- error: Types[[:space:]]+\[n\]f32[[:space:]]+and[[:space:]]+f32[[:space:]]+do not match

def set_row [n] (m: *[n][n]f32) (i: i64) (row: [n]f32) : *[n][n]f32 =
  m with [i, 0] = row
