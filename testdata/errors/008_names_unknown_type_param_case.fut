-- Unknown type: type parameter is `t` but the parameter annotation says `T`.
-- ==
-- error: Unknown type "T"

def swap_pairs 't (xs: [](t, t)) : [](T, T) =
  map (\(a, b) -> (b, a)) xs
