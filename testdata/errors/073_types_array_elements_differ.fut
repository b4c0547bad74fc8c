-- Array literal elements of different types (f32 and f64).
-- ==
-- error: Types[[:space:]]+f32[[:space:]]+and[[:space:]]+f64[[:space:]]+do not match

def weights : []f32 =
  [0.25f32, 0.5f32, 0.25f64]
