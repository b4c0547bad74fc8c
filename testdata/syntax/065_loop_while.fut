-- The while loop form: loop (a, b) = (0, 1) while cond do body.

-- | Smallest Fibonacci number not below a limit.
def fib_at_least (limit: i64) : i64 =
  let (a, _) = loop (a, b) = (0, 1) while a < limit do (b, a + b)
  in a

-- | Integer square root by binary search.
def isqrt (n: i64) : i64 =
  let (lo, _) =
    loop (lo, hi) = (0, n + 1) while hi - lo > 1 do
      let mid = (lo + hi) / 2
      in if mid * mid <= n then (mid, hi) else (lo, mid)
  in lo

-- | Number of halvings to reach one.
def log2_floor (x: u32) : i32 =
  let (_, steps) = loop (v, k) = (x, 0) while v > 1 do (v / 2, k + 1)
  in steps

entry main (limit: i64) : (i64, i64, i32) =
  (fib_at_least limit, isqrt limit, log2_floor (u32.i64 limit))

entry tiny : (i64, i64) = (loop (a, b) = (0, 1) while a < 100 do (b, a + b))
