-- Fully lifted type parameters '^a, which may be instantiated with functions.

-- | Apply a value of any (possibly functional) type to a continuation.
def with_value '^a 'b (x: a) (k: a -> b) : b = k x

-- | Store a function inside a record with a lifted type.
def make_op '^f (name: i32) (op: f) : {name: i32, op: f} = {name, op}

def flip '^a '^b 'c (f: a -> b -> c) (y: b) (x: a) : c = f x y

entry main (x: i32) : (i32, i32, i32) =
  let r = make_op 1 (\(y: i32) -> y * 2)
  in (with_value (+ 1) (\f -> f x), r.op x + r.name, flip (-) 1 x)
