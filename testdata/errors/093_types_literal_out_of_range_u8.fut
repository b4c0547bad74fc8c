-- Literal out of range: 300 does not fit in the inferred type u8.
-- ==
-- error: Literal 300 out of bounds for inferred type u8

def brighten (px: []u8) : []u8 =
  map (\p -> u8.min 255 (p + 300)) px
