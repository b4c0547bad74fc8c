-- Sizes do not match in `map2`: the filtered array has an unknown size, not n.
-- ==
-- error: Sizes "n" and "[^[:space:]]+" do not match

def add_positive [n] (xs: [n]i32) (ys: []i32) : [n]i32 =
  map2 (+) xs (filter (> 0) ys)
