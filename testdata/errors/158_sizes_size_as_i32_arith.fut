-- `[n]` used as a value of the wrong type: adding the i64 size to an i32.
-- ==
-- error: Cannot apply "\+" to "k"

def last_index [n] (xs: [n]f32) (k: i32) =
  n + k
