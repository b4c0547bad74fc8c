-- Sizes in if branches: one branch doubles the array, but the result must keep size n.
-- ==
-- error: Sizes "n" and "[^[:space:]]+" do not match

def maybe_double [n] (b: bool) (xs: [n]f32) : [n]f32 =
  if b then xs ++ xs else xs
