-- Every built-in binary and unary operator in one place, with explicit types.

def arith (a: i32) (b: i32) : [7]i32 =
  [a + b, a - b, a * b, a / b, a % b, a // b, a %% b]

def powers (a: i64) (x: f64) : (i64, f64) = (a ** 3, x ** 0.5)

def compare (a: f32) (b: f32) : [6]bool = [a == b, a != b, a < b, a <= b, a > b, a >= b]

def logic (p: bool) (q: bool) : [3]bool = [p && q, p || q, !p]

def bits (x: u16) (y: u16) : [7]u16 =
  [x & y, x | y, x ^ y, x << 2, x >> 2, u16.(x >>> 2), !x]

def unary (x: i64) (y: f64) : (i64, f64, i64) = (-x, -y, -(x + 1))

-- | Mixed precedence without parentheses: (-a) + (b * (c ** 2)) == d.
def mixed (a: i32) (b: i32) (c: i32) (d: i32) : bool = -a + b * c ** 2 == d

entry main (a: i32) (b: i32) : ([7]i32, bool) = (arith a b, mixed a b 2 0)

entry others (x: u16) (y: u16) (f: f32) (g: f32) : ([7]u16, [6]bool, [3]bool) =
  (bits x y, compare f g, logic (f < g) (x > y))

entry numeric (a: i64) (x: f64) : ((i64, f64), (i64, f64, i64)) = (powers a x, unary a x)
