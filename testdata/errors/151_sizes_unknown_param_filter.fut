-- Size going out of scope: the size of a filter result would have to appear in the function's own parameter type.
-- ==
-- error: Unknown size "[^[:space:]]+" in parameter of "combine"

def pick [n] (xs: [n]i32) (ys: [n]i32) : [n]i32 =
  map2 i32.max xs ys

def combine (xs: []i32) = pick xs (filter (> 0) xs)
