-- If condition: the condition is an i32, not a bool.
-- ==
-- error: Expression must have type bool

def sign (x: i32) : i32 =
  let nonzero = x
  in if nonzero then (if x > 0 then 1 else -1) else 0
