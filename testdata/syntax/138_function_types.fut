-- Function types in signatures: (i32 -> i32) -> i32, curried and nested arrows.

def apply_to_zero (f: i32 -> i32) : i32 = f 0

-- | A function taking a function and returning a function.
def twice (f: i32 -> i32) : i32 -> i32 = \x -> f (f x)

-- | Curried binary function types.
def fold_with (op: f32 -> f32 -> f32) (ne: f32) (xs: []f32) : f32 = reduce op ne xs

-- | A function type inside a tuple parameter.
def apply_pair ((f, x): (i64 -> i64, i64)) : i64 = f x

-- | Higher-order function whose argument is itself higher-order.
def apply_hof (h: (i32 -> i32) -> i32) : i32 = h (+ 10)

entry main (x: i32) : (i32, i32, i32) =
  (apply_to_zero (+ x), twice (* 3) x, apply_hof apply_to_zero)

entry floats (xs: []f32) (n: i64) : (f32, i64) = (fold_with (+) 0.0 xs, apply_pair ((* 2), n))
