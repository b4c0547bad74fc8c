-- `assert` with a non-bool condition: an f32 expression.
-- ==
-- error: Types[[:space:]]+bool[[:space:]]+and[[:space:]]+f32[[:space:]]+do not match

def checked_sqrt (x: f32) : f32 =
  assert (x + 0) (f32.sqrt x)
