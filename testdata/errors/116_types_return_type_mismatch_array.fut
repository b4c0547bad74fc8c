-- Return type mismatch: declared a scalar, body returns an array.
-- ==
-- error: Expected:[[:space:]]+f32[[:space:]]+Actual:[[:space:]]+\[[^[:space:]]+\]f32

def softmax (xs: []f32) : f32 =
  let e = map f32.exp xs
  let s = f32.sum e
  in map (/ s) e
