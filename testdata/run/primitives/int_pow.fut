-- description: integer exponentiation with `**`, including wrapping and exponent zero.
-- ==
-- entry: pow_i32
-- input { 3 4 } output { 81 }
-- input { 2 31 } output { -2147483648 }
-- input { 2 32 } output { 0 }
-- input { -2 3 } output { -8 }
-- input { 7 0 } output { 1 }

-- ==
-- entry: pow_u8
-- input { 3u8 5u8 } output { 243u8 }
-- input { 3u8 6u8 } output { 217u8 }

entry pow_i32 (b: i32) (e: i32) = b ** e
entry pow_u8 (b: u8) (e: u8) = b ** e
