-- Numeric negation applied to a bool.
-- ==
-- error: due to numeric negation

def flip_all (xs: []bool) : []bool =
  map (\x -> -x) xs
