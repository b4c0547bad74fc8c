-- Consuming inside a loop body a variable from outside the loop (not a loop parameter).
-- ==
-- error: Consuming variable "out", which is not consumable

def fill (out: *[]f32) (n: i64) : f32 =
  loop s = 0f32 for i < n do
    let out[i] = s
    in s + 1
