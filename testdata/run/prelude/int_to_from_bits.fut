-- description: integer module helpers: get_bit, set_bit, num_bits, and unsigned reinterpretation.
-- ==
-- entry: bit_ops
-- input { 5 } output { 1 0 13 4 32 }

-- ==
-- entry: reinterpret
-- input { -1i16 } output { 65535u16 }

entry bit_ops (x: i32) =
  (i32.get_bit 0 x, i32.get_bit 1 x, i32.set_bit 3 x 1, i32.set_bit 0 x 0, i32.num_bits)

entry reinterpret (x: i16) = u16.i16 x
