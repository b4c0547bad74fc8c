-- Recursion: Futhark has no recursive functions, so `fact` is unknown in its own body.
-- ==
-- error: Unknown name "fact"

def fact (n: i64) : i64 =
  if n <= 1 then 1 else n * fact (n - 1)
