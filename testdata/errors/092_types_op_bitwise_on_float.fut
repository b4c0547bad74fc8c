-- Operator operand types: bitwise and on f32 values.
-- ==
-- error: must be one of i8, i16, i32, i64, u8, u16, u32, u64[[:space:]]+due to use of "&"

def mask_bits (x: f32) : f32 =
  x & 0xff
