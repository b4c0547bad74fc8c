-- The lambda `peek` captures `table`; calling it after `table` is updated in place uses the consumed array.
-- ==
-- error: Using variable "table", but this was consumed

def lookup (table: *[]i64) (k: i64) : i64 =
  let peek = \j -> table[j] + k
  let table[0] = 42
  in peek 1
