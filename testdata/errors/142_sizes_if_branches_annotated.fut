-- Sizes in if branches: with a declared return size the branches must both have size n.
-- ==
-- error: Sizes "n" and "[^[:space:]]+" do not match

def choose [n][m] (first: bool) (xs: [n]i32) (ys: [m]i32) : [n]i32 =
  if first then xs else ys
