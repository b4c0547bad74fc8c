-- No implicit widening: a u8 cannot be returned as i32.
-- ==
-- error: Function body does not have expected type

def byte_value (b: u8) : i32 =
  b
