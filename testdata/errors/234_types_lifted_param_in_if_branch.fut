-- Lifted type parameter returned from an `if`: branches may not return functions.
-- ==
-- error: Type parameter "f" at .* may be a function.[[:space:]]+When checking type returned from branch

def choose_fn '^f (b: bool) (x: f) (y: f) : f =
  if b then x else y

def op (b: bool) = choose_fn b (i32.max 0) (i32.min 0)
