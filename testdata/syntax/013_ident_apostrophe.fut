-- Identifiers containing apostrophes (primes), such as x' and acc''.

-- | One Newton step for the square root of a.
def step (a: f64) (x: f64) : f64 =
  let x' = (x + a / x) / 2.0
  in x'

def sqrt_newton (a: f64) : f64 =
  let x = a
  let x' = step a x
  let x'' = step a x'
  let x''' = step a x''
  in step a x'''

-- | Running sums with primed accumulators.
entry running (xs: []i32) : (i32, i32) =
  let acc = 0
  let (acc', acc'') =
    loop (acc', acc'') = (acc, acc) for x in xs do
      (acc' + x, acc'' + x * x)
  in (acc', acc'')

entry root (a: f64) : f64 = sqrt_newton a
