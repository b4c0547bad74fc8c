-- description: division by zero on narrow and unsigned integer types.
-- ==
-- entry: div_i8
-- input { 1i8 0i8 } error: division by zero|Cannot apply operator

-- ==
-- entry: div_u64
-- input { 1u64 0u64 } error: division by zero|Cannot apply operator

-- ==
-- entry: mod_i16
-- input { 1i16 0i16 } error: division by zero|Cannot apply operator
-- input { 7i16 -2i16 } output { -1i16 }

entry div_i8 (a: i8) (b: i8) = a / b
entry div_u64 (a: u64) (b: u64) = a / b
entry mod_i16 (a: i16) (b: i16) = a % b
