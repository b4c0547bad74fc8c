-- Recursion: a lifted type parameter may be a function, so its argument must be passed unchanged too.
-- ==
-- error: passed unchanged

def twice_down '^t (v: t) (next: t -> t) (n: i64) : i64 =
  if n == 0 then 0 else 1 + twice_down (next v) next (n - 1)
