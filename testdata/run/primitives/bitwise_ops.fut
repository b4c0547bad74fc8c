-- description: bitwise and, or, xor and complement on several integer types.
-- ==
-- entry: ops_i32
-- input { 12 10 } output { 8 14 6 -13 }
-- input { -1 0 } output { 0 -1 -1 0 }

-- ==
-- entry: ops_u8
-- input { 240u8 60u8 } output { 48u8 252u8 204u8 15u8 }

-- ==
-- entry: ops_u64
-- input { 0u64 } output { 18446744073709551615u64 }

entry ops_i32 (a: i32) (b: i32) = (a & b, a | b, a ^ b, !a)
entry ops_u8 (a: u8) (b: u8) = (a & b, a | b, a ^ b, !a)
entry ops_u64 (a: u64) = !a
