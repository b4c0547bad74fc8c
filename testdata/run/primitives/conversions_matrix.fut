-- description: the conversion rules between signed and unsigned types of different widths.
-- ==
-- entry: from_neg_i32
-- input { -2 } output { -2i64 4294967294u64 254u8 -2i8 65534u16 }

-- ==
-- entry: from_u64
-- input { 18446744073709551615u64 } output { -1 -1i64 255u8 4294967295u32 }

-- ==
-- entry: bool_and_floats
-- input { -3.7f32 } output { -3i16 true -3.700000047683716 }

-- Widening into an unsigned type zero-extends the source bits (u64.i32 (-2) is 2^32-2).
entry from_neg_i32 (x: i32) = (i64.i32 x, u64.i32 x, u8.i32 x, i8.i32 x, u16.i32 x)
entry from_u64 (x: u64) = (i32.u64 x, i64.u64 x, u8.u64 x, u32.u64 x)
entry bool_and_floats (x: f32) = (i16.f32 x, bool.f32 x, f64.f32 x)
