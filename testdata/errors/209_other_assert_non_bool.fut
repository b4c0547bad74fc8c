-- `assert` with a non-bool condition: the count itself is passed instead of a comparison.
-- ==
-- error: Types[[:space:]]+bool[[:space:]]+and[[:space:]]+i64[[:space:]]+do not match

def safe_head (xs: []f32) : f32 =
  let n = length xs
  in assert n xs[0]
