-- The arithmetic operators + - * / % on integers and floats.

def int_ops (a: i32) (b: i32) : (i32, i32, i32, i32, i32) =
  (a + b, a - b, a * b, a / b, a % b)

def float_ops (x: f64) (y: f64) : (f64, f64, f64, f64, f64) =
  (x + y, x - y, x * y, x / y, x % y)

-- | Polynomial evaluation: 3x^2 - 2x + 7.
def poly (x: f32) : f32 = 3.0 * x * x - 2.0 * x + 7.0

-- | Integer mean, rounding towards negative infinity.
def mean (xs: []i64) : i64 = i64.sum xs / length xs

entry main (a: i32) (b: i32) : (i32, i32, i32, i32, i32) = int_ops a b

entry floats (x: f64) (y: f64) : (f64, f64, f64, f64, f64) = float_ops x y

entry eval (xs: []f32) : []f32 = map poly xs

entry avg (xs: []i64) : i64 = mean xs
