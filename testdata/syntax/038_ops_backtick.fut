-- Backtick infix application of named functions, including qualified names.

def max3 (a: i32) (b: i32) (c: i32) : i32 = a `i32.max` b `i32.max` c

def gcd (a: i32) (b: i32) : i32 =
  let (x, _) = loop (x, y) = (i32.abs a, i32.abs b) while y != 0 do (y, x % y)
  in x

def lcm (a: i32) (b: i32) : i32 = a / (a `gcd` b) * b

-- | Backticks on a locally defined function.
def within (x: f32) (tol: f32) : bool =
  let close a b = f32.abs (a - b) < tol
  in x `close` 1.0

entry main (a: i32) (b: i32) (c: i32) : (i32, i32, i32) = (max3 a b c, a `gcd` b, a `lcm` b)

entry near (x: f32) : bool = within x 0.01

entry folded (xs: []i64) : i64 = reduce (\x y -> x `i64.max` y) i64.lowest xs
