-- The loop pattern fixes the size of its array to `k`, but the initial
-- value has the size `len`.
-- ==
-- error: Initial loop values do not have expected type

def grow [len] (start: [len]f64) (k: i64) =
  loop (acc: [k]f64) = start for _j < 2 do map (* 2) acc
