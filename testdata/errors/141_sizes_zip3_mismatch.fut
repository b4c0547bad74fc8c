-- Sizes do not match in `zip3`: the third array has its own size.
-- ==
-- error: Cannot apply "zip3"

def triples [n][k] (xs: [n]i32) (ys: [n]i32) (zs: [k]i32) =
  zip3 xs ys zs
