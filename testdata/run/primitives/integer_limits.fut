-- description: highest and lowest values of every integer type.
-- ==
-- entry: signed_limits
-- input { } output { 127i8 -128i8 32767i16 -32768i16 2147483647 -2147483648 9223372036854775807i64 -9223372036854775808i64 }

-- ==
-- entry: unsigned_limits
-- input { } output { 255u8 0u8 65535u16 4294967295u32 18446744073709551615u64 0u64 }

entry signed_limits =
  (i8.highest, i8.lowest, i16.highest, i16.lowest,
   i32.highest, i32.lowest, i64.highest, i64.lowest)

entry unsigned_limits =
  (u8.highest, u8.lowest, u16.highest, u32.highest, u64.highest, u64.lowest)
