-- Literal out of range: -200 does not fit in i8.
-- ==
-- error: out of bounds for inferred type i8

def floor_at (xs: []i8) : []i8 =
  map (\x -> i8.max x (-200)) xs
