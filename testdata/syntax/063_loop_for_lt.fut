-- The counting loop form: loop acc = init for i < n do body.

def factorial (n: i32) : i64 =
  loop acc = 1i64 for i < n do acc * i64.i32 (i + 1)

def fib (n: i32) : i64 =
  let (a, _) = loop (a, b) = (0i64, 1i64) for _i < n do (b, a + b)
  in a

-- | Horner evaluation of a polynomial with coefficients cs.
def horner [n] (cs: [n]f64) (x: f64) : f64 =
  loop acc = 0.0 for i < n do acc * x + cs[i]

-- | Sum of 0..n-1 with an i64 counter.
def triangular (n: i64) : i64 = loop s = 0 for i < n do s + i

entry main (n: i32) : (i64, i64) = (factorial n, fib n)

entry poly (cs: []f64) (x: f64) : f64 = horner cs x

entry tri (n: i64) : i64 = triangular n
