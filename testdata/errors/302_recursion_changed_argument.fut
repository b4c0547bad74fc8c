-- Recursion: a recursive call passes a different function than it was given.
-- ==
-- error: passed unchanged

def scale_all (g: i32 -> i32) (n: i64) : i32 =
  if n == 0 then g 1 else scale_all (\y -> g y + 1) (n - 1)
