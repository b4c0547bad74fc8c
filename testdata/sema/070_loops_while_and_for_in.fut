-- Loops: `while`, `for ... in` and `for ... <` with tuple parameters.

def gcd (a: i32) (b: i32) : i32 =
  let (a, _) = loop (a, b) while b != 0 do (b, a % b)
  in a

def sum_sq (xs: []f32) : f32 =
  loop acc = 0 for x in xs do acc + x * x

def fib (n: i32) : i64 =
  (loop (a, b) = (0i64, 1i64) for _i < n do (b, a + b)).0
