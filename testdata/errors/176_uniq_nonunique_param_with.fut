-- Consuming a non-unique parameter: it initialises a loop whose body updates it in place.
-- ==
-- error: Consuming variable "m", which is not consumable

def clear_diag [n] (m: [n][n]f32) : [n][n]f32 =
  loop m for i < n do
    m with [i, i] = 0
