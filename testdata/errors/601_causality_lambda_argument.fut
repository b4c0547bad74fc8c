-- The lambda argument's parameter has the size of the filter computed
-- inside the applied function, which runs only after the argument exists.
-- ==
-- error: Causality check

def count (ys: []i32) =
  (\h -> h (filter (< 3) ys)) (\_ -> 1i32)
