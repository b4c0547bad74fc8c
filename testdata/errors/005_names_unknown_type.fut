-- Unknown type: `int` is not a Futhark type (the type is `i32`).
-- ==
-- error: Unknown type "int"

def clamp (lo: int) (hi: int) (x: int) : int =
  if x < lo then lo else if x > hi then hi else x
