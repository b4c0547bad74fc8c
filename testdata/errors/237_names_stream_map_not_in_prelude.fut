-- Unknown variable: Futhark 0.25.27's prelude has no `stream_map` (nor stream_red).
-- ==
-- error: Unknown name "stream_map"

def chunked_squares (xs: []f32) : []f32 =
  stream_map (\chunk -> map (\x -> x * x) chunk) xs
