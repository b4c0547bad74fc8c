-- Non-function applied: the parameter `k` is an i64 but is used like a function.
-- ==
-- error: Cannot apply expression as function: "k"

def shift (k: i64) (xs: []i32) : []i32 =
  map (\i -> xs[k i]) (indices xs)
