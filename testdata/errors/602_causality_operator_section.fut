-- An operator section whose operand is a filter: the section's type names
-- the filter's size before the filter has run.
-- ==
-- error: Causality check

def prefix_rows (a: []i32) (m: [][]i32) =
  map (filter (!= 0) a ++) m
