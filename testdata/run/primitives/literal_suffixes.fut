-- description: numeric literals with explicit type suffixes and in hex/binary/underscored form.
-- ==
-- entry: ints
-- input { } output { 1i8 2i16 3i32 4i64 5u8 6u16 7u32 8u64 }

-- ==
-- entry: floats
-- input { } output { 1.5f16 2.25f32 3.125f64 }

-- ==
-- entry: radix
-- input { } output { 255 10 1000000 -16i64 255u8 }

entry ints = (1i8, 2i16, 3i32, 4i64, 5u8, 6u16, 7u32, 8u64)
entry floats = (1.5f16, 2.25f32, 3.125f64)

-- Hexadecimal, binary and digit separators.
entry radix : (i32, i32, i32, i64, u8) = (0xff, 0b1010, 1_000_000, -0x10, 0xFFu8)
