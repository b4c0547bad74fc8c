-- Recursion: a recursive function returning a function.
-- ==
-- error: not first-order

def adder (n: i64) : i64 -> i64 =
  \x -> if n == 0 then x else adder (n - 1) (x + n)
