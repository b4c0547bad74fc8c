-- A higher-order function whose type parameter would stand for an array
-- sized by the argument function's parameter.
-- ==
-- error: Cannot apply "twice"

def twice 'r (f: i64 -> r) (x: i64) : (r, r) = (f x, f (x + 1))

def counting = twice iota 3
