-- Consuming a non-unique parameter: `let acc[i] = ...` on a parameter without `*`.
-- ==
-- error: Consuming variable "acc", which is not consumable

def add_at (acc: []i32) (i: i64) (v: i32) : []i32 =
  let acc[i] = acc[i] + v
  in acc
