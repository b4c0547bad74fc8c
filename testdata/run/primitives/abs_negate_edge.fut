-- description: negation and abs of the lowest signed value wrap back to itself.
-- ==
-- entry: edge_i32
-- input { -2147483648 } output { -2147483648 -2147483648 }
-- input { -5 } output { 5 5 }

-- ==
-- entry: edge_i64
-- input { -9223372036854775808i64 } output { -9223372036854775808i64 }

entry edge_i32 (x: i32) = (-x, i32.abs x)
entry edge_i64 (x: i64) = i64.abs x
