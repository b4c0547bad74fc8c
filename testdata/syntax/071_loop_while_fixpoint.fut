-- Fixed-point iteration with while loops and convergence tests.

-- | Newton's method for the square root.
def newton_sqrt (a: f64) : f64 =
  let (x, _) =
    loop (x, prev) = (a, 0.0) while f64.abs (x - prev) > 1e-12 do
      (0.5 * (x + a / x), x)
  in x

-- | Iterate cos until it stops changing (the Dottie number).
def dottie : f64 =
  let (x, _, _) =
    loop (x, delta, iters) = (1.0, 1.0, 0i32) while delta > 1e-10 && iters < 1000 do
      let x' = f64.cos x
      in (x', f64.abs (x' - x), iters + 1)
  in x

-- | Jacobi smoothing of an array until the maximum change is small.
def smooth [n] (xs: [n]f32) : [n]f32 =
  let (ys, _) =
    loop (ys, change) = (xs, f32.inf) while change > 1e-4f32 do
      let ys' = tabulate n (\i -> if i == 0 || i == n - 1 then ys[i]
                                  else (ys[i - 1] + ys[i + 1]) / 2.0)
      in (ys', f32.maximum (map2 (\a b -> f32.abs (a - b)) ys ys'))
  in ys

entry main (a: f64) : (f64, f64) = (newton_sqrt a, dottie)

entry smoothed (xs: []f32) : []f32 = smooth xs
