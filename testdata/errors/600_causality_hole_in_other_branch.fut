-- The hole in the second branch must have the size that the filter of the
-- first branch computes, which does not exist when the hole is evaluated.
-- ==
-- error: Causality check

def pick (flag: bool) (vals: []i64) =
  if flag then filter (> 1) vals else ???
