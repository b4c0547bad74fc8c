-- A loop parameter declared with a non-unique type may not be updated in place in the body.
-- ==
-- error: Consuming variable "buf", which is not consumable

def fill (n: i64) : []i64 =
  loop buf: []i64 = replicate n 0 for i < n do
    buf with [i] = i * 2
