-- description: u64 division on values above i64.highest.
-- ==
-- entry: halve
-- input { 18446744073709551615u64 } output { 9223372036854775807u64 1u64 }

entry halve (x: u64) = (x / 2, x % 2)
