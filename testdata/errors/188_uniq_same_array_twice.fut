-- Passing the same array twice where one argument is consumed.
-- ==
-- error: Argument is consumed, but aliases

def add_into (dst: *[]f32) (src: []f32) : *[]f32 =
  loop dst for i < length src do dst with [i] = dst[i] + src[i]

def double (xs: *[]f32) : *[]f32 =
  add_into xs xs
