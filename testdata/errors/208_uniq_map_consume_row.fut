-- Consuming a free variable inside a lambda: updating rows of an outer matrix from `map`.
-- ==
-- error: Consuming variable "m", which is not consumable

def clear_rows (m: *[][]i32) (rows: []i64) =
  map (\r -> let m[r, 0] = 0 in r) rows
