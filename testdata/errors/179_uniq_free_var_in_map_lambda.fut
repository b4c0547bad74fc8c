-- Consuming a free variable inside a lambda passed to `map`.
-- ==
-- error: Consuming variable "table", which is not consumable

def mark_all (table: *[]bool) (ids: []i64) : []i32 =
  map (\i -> let table[i] = true in 1) ids
