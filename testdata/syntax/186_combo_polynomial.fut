-- Polynomial arithmetic: powers, reversed slices, empty arrays and backtick sections.

-- | Coefficients, lowest degree first (any length, hence size-lifted).
type~ poly = []f64

-- | The zero polynomial.
def zero : poly = [] : []f64

-- | Evaluate with explicit powers (the slow way) using **.
def eval_pow (p: poly) (x: f64) : f64 =
  f64.sum (map2 (\c i -> c * x ** f64.i64 i) p (indices p))

-- | Evaluate with Horner's rule on the reversed coefficients.
def eval (p: poly) (x: f64) : f64 = loop acc = 0.0 for c in p[::-1] do acc * x + c

-- | Derivative: drop the constant term and scale by the exponents.
def derive (p: poly) : poly =
  let n = length p
  in if n <= 1 then copy zero else map2 (\c i -> c * f64.i64 (i + 1)) p[1:n] (iota (n - 1))

-- | Product of two polynomials.
def mul (p: poly) (q: poly) : poly =
  let n = length p
  let m = length q
  in if n == 0 || m == 0 then copy zero
     else tabulate (n + m - 1) (\k ->
            f64.sum (map (\i -> if k - i >= 0 && k - i < m then p[i] * q[k - i] else 0.0) (iota n)))

-- | Newton's method for a root near x0.
def newton (p: poly) (x0: f64) : f64 =
  let dp = derive p
  in loop x = x0 for _i < 50 do x - (p `eval` x) / (dp `eval` x)

entry main (p: []f64) (x: f64) : (f64, f64, f64) = (eval p x, eval_pow p x, newton p x)

entry product (p: []f64) (q: []f64) : []f64 = mul p q |> map (`f64.max` 0.0)

entry derivs (p: []f64) : ([]f64, []f64) = (derive p, derive (derive p))

entry at_abs (p: []f64) (x: f64) : f64 = eval p <| f64.abs x
