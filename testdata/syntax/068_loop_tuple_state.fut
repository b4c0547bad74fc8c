-- Loops carrying tuple state, with typed and nested tuple patterns.

-- | Mean and variance in a single pass (Welford's algorithm).
def welford (xs: []f64) : (f64, f64) =
  let (n, mean, m2) =
    loop (n, mean, m2) = (0.0, 0.0, 0.0) for x in xs do
      let n' = n + 1.0
      let delta = x - mean
      let mean' = mean + delta / n'
      in (n', mean', m2 + delta * (x - mean'))
  in (mean, if n > 1.0 then m2 / (n - 1.0) else 0.0)

-- | Nested tuple state with an explicit type on the loop parameter.
def min_max_sum (xs: []i32) : ((i32, i32), i32) =
  loop ((lo, hi), s): ((i32, i32), i32) = ((i32.highest, i32.lowest), 0) for x in xs do
    ((i32.min lo x, i32.max hi x), s + x)

entry main (xs: []f64) : (f64, f64) = welford xs

entry mms (xs: []i32) : ((i32, i32), i32) = min_max_sum xs
