-- description: comparison operators on signed, unsigned, float and boolean values.
-- ==
-- entry: cmp_i32
-- input { -3 5 } output { true true false false false true }
-- input { 5 5 } output { false true false true true false }

-- ==
-- entry: cmp_u8
-- input { 200u8 100u8 } output { false true }

-- ==
-- entry: cmp_bool
-- input { false true } output { true false true }

entry cmp_i32 (a: i32) (b: i32) = (a < b, a <= b, a > b, a >= b, a == b, a != b)
entry cmp_u8 (a: u8) (b: u8) = (a < b, a > b)

-- false is ordered before true.
entry cmp_bool (a: bool) (b: bool) = (a < b, a == b, a != b)
