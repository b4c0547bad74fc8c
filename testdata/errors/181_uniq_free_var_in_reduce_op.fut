-- Consuming a free variable inside the operator given to `reduce`.
-- ==
-- error: Consuming variable "log", which is not consumable

def sum_logged (log: *[]i32) (xs: []i32) : i32 =
  reduce (\a b -> let log[0] = a in a + b) 0 xs
