-- Top-level functions may call themselves (Futhark 0.28): plain recursion,
-- size-polymorphic recursion with explicit size parameters, and a
-- higher-order function that passes its function argument unchanged.
-- ==
-- input { 10i64 [5i32, 3i32, 8i32, 1i32] }
-- output { 3628800i64 55i64 17i32 1024i64 }

def factorial (n: i64) : i64 = if n <= 1 then 1 else n * factorial (n - 1)

def fib (n: i64) = if n < 2 then n else fib (n - 1) + fib (n - 2)

def total [k] (xs: [k]i32) : i32 =
  if k == 0 then 0 else xs[0] + total (xs[1:])

def apply_times (f: i64 -> i64) (times: i64) (x: i64) : i64 =
  if times == 0 then x else apply_times f (times - 1) (f x)

def main (n: i64) (xs: []i32) =
  (factorial n, fib n, total xs, apply_times (* 2) n 1)
