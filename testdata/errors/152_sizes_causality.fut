-- Causality: the empty array's inner size is needed before the filter computing it runs.
-- ==
-- error: Causality check

def same_first (xs: []i32) =
  let none = [] : [][]i32
  let rows = [filter (> 0) xs]
  in none[0] == rows[0]
