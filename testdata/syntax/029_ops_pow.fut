-- The power operator ** on integers and floats, and its right-tight precedence.

def square (x: i64) : i64 = x ** 2

-- | 2^k for k in [0, n).
def powers_of_two (n: i64) : [n]i64 = map (\k -> 2 ** k) (iota n)

-- | Compound interest: p * (1 + r)^t.
def compound (p: f64) (r: f64) (t: f64) : f64 = p * (1.0 + r) ** t

-- | ** binds tighter than *, so this is 2 * (3 ** 2) = 18.
def precedence : i32 = 2 * 3 ** 2

entry main (n: i64) : ([]i64, i64, i32) = (powers_of_two n, square n, precedence)

entry interest (p: f64) : f64 = compound p 0.05 10.0 + 2.0f64 ** 0.5
