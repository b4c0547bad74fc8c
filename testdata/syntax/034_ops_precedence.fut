-- Operator precedence and associativity across the built-in operators.

-- | Multiplication before addition: 1 + (2 * 3).
def a : i32 = 1 + 2 * 3

-- | Subtraction is left-associative: (10 - 4) - 3.
def b : i32 = 10 - 4 - 3

-- | Bitwise binds tighter than comparison: (x & 1) == 0.
def even (x: i32) : bool = x & 1 == 0

-- | Shifts bind tighter than bitwise or: (1 << 4) | (1 << 2).
def c : i32 = 1 << 4 | 1 << 2

-- | && binds tighter than ||.
def d (p: bool) (q: bool) (r: bool) : bool = p || q && r

-- | Comparison binds tighter than &&.
def e (x: i32) (y: i32) : bool = x < y && y < 10

-- | Function application binds tighter than everything.
def f (x: i32) : i32 = i32.abs x + i32.abs (x - 5) * 2

-- | Parentheses override the defaults.
def g (x: i32) (y: i32) : i32 = (x + y) * (x - y) / (1 + 1)

entry main (x: i32) : (i32, i32, bool, i32, bool, bool, i32, i32) =
  (a, b, even x, c, d true false false, e x 5, f x, g x 3)
