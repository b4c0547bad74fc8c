-- Consuming a non-unique parameter as the initial value of a consuming loop parameter.
-- ==
-- error: Consuming variable "counts", which is not consumable

def tally (counts: []i32) (keys: []i64) : []i32 =
  loop (acc: *[]i32) = counts for k in keys do
    acc with [k] = acc[k] + 1
