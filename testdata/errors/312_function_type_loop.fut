-- Function types: a loop parameter that holds a function.
-- ==
-- error: may not be of function type

def compose_n (n: i64) (f: i32 -> i32) =
  loop g = (\(x: i32) -> x) for _i < n do (\x -> f (g x))
