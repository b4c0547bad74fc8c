-- description: 64-bit integer overflow wraps.
-- ==
-- entry: add_i64
-- input { 9223372036854775807i64 1i64 } output { -9223372036854775808i64 }
-- input { -5i64 3i64 } output { -2i64 }

-- ==
-- entry: sub_u64
-- input { 0u64 1u64 } output { 18446744073709551615u64 }
-- input { 100u64 1u64 } output { 99u64 }

-- ==
-- entry: mul_i64
-- input { 4294967296i64 4294967296i64 } output { 0i64 }
-- input { 3037000500i64 3037000500i64 } output { -9223372036709301616i64 }

entry add_i64 (a: i64) (b: i64) : i64 = a + b
entry sub_u64 (a: u64) (b: u64) : u64 = a - b
entry mul_i64 (a: i64) (b: i64) : i64 = a * b
