-- Loops without an initialiser: loop x for ... reuses the variable in scope.

def count_down (n: i32) : i32 =
  let x = n
  in loop x while x > 10 do x - 3

-- | Both loop parameters are taken from the enclosing scope.
def gcd (a: i32) (b: i32) : i32 =
  let (a, _) = loop (a, b) while b != 0 do (b, a % b)
  in a

-- | An array parameter updated in place without an explicit initial value.
def fill (n: i64) (v: f32) : [n]f32 =
  let xs = replicate n 0.0
  in loop xs for i < n do xs with [i] = v * f32.i64 i

entry main (n: i32) (a: i32) (b: i32) : (i32, i32) = (count_down n, gcd a b)

entry filled (n: i64) : [n]f32 = fill n 0.5

entry acc_in (xs: []i32) : i32 =
  let acc = 100
  in loop acc for x in xs do acc - x
