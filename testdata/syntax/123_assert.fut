-- Run-time assertions: assert cond e.

def safe_div (a: i32) (b: i32) : i32 = assert (b != 0) (a / b)

-- | Assert a precondition on array sizes before indexing.
def middle (xs: []f32) : f32 =
  let n = length xs
  in assert (n > 0) xs[n / 2]

-- | Nested assertions guarding a computation.
def sqrt_checked (x: f64) : f64 =
  let r = assert (x >= 0.0) (f64.sqrt x)
  in assert (r * r - x < 1e-6) r

entry main (a: i32) (b: i32) (xs: []f32) : (i32, f32) = (safe_div a b, middle xs)

entry root (x: f64) : f64 = sqrt_checked x
