-- Basic let-in bindings, with and without type annotations.

def hypot (a: f64) (b: f64) : f64 =
  let a2 = a * a
  let b2 = b * b
  in f64.sqrt (a2 + b2)

def quadratic (a: f64) (b: f64) (c: f64) : (f64, f64) =
  let disc : f64 = b * b - 4.0 * a * c
  let root = f64.sqrt disc
  let two_a = 2.0 * a
  in ((-b + root) / two_a, (-b - root) / two_a)

-- | A let whose body is itself a let-in.
def nested (x: i32) : i32 =
  let y = x + 1 in
  let z = y * y in
  z - x

entry main (a: f64) (b: f64) (c: f64) : (f64, (f64, f64)) = (hypot a b, quadratic a b c)

entry nest (x: i32) : i32 = nested x
