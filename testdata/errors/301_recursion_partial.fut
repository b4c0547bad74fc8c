-- Recursion: a higher-order function's recursive call leaves out its last argument.
-- ==
-- error: not fully saturated

def iterate_on (f: f32 -> f32) (n: i64) (x: f32) : f32 =
  if n == 0 then x
  else let step = iterate_on f (n - 1) in step (f x)
