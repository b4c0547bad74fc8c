-- Return type mismatch in a lambda with an explicit return type annotation.
-- ==
-- error: Function body does not have expected type

def thresholds (xs: []f32) : []bool =
  map (\x : bool -> x * 2) xs
