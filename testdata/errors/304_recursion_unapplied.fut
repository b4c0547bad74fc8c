-- Recursion: a higher-order recursive function is named without being applied.
-- ==
-- error: higher-order parameter

def walk (visit: i64 -> i64) (n: i64) : i64 =
  if n == 0 then 0
  else let again = walk in again visit (n - 1)
