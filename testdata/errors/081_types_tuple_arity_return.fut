-- Tuple arity: the return type is a triple but the body is a pair.
-- ==
-- error: Function body does not have expected type

def split_rgb (c: u32) : (u8, u8, u8) =
  (u8.u32 (c >> 16), u8.u32 (c >> 8))
