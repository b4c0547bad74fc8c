-- Use of an underscore-prefixed name: parameter `_scale` may not be accessed.
-- ==
-- error: variables prefixed with underscore may not be accessed

def rescale (_scale: f32) (xs: []f32) : []f32 =
  map (\x -> x * _scale) xs
