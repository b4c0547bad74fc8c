-- `halves` returns one array twice (a non-unique result); consuming the first part consumes the second.
-- ==
-- error: Using result of applying "halves".*but this was consumed

def halves (n: i64) : ([]f64, []f64) =
  let xs = map f64.i64 (iota n)
  in (xs, xs)

def main (n: i64) : f64 =
  let (lo, hi) = halves n
  let lo[0] = 1
  in lo[0] + hi[0]
