-- description: popc, clz and ctz on integers of several widths (results are i32).
-- ==
-- entry: bits_i32
-- input { [0, 1, -1, 8, 2147483647] }
-- output { [0, 1, 32, 1, 31] [32, 31, 0, 28, 1] [32, 0, 0, 3, 0] }

-- ==
-- entry: bits_u8
-- input { 16u8 } output { 1 3 4 }
-- input { 0u8 } output { 0 8 8 }

-- ==
-- entry: bits_i64
-- input { -9223372036854775808i64 } output { 1 0 63 }

entry bits_i32 (xs: []i32) = (map i32.popc xs, map i32.clz xs, map i32.ctz xs)
entry bits_u8 (x: u8) = (u8.popc x, u8.clz x, u8.ctz x)
entry bits_i64 (x: i64) = (i64.popc x, i64.clz x, i64.ctz x)
