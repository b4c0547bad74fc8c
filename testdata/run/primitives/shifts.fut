-- description: left and right shifts; `>>` is arithmetic (sign-extending) on signed types and logical on unsigned ones.
-- ==
-- entry: shl
-- input { 1 4 } output { 16 }
-- input { 1 31 } output { -2147483648 }
-- input { 3 30 } output { -1073741824 }

-- ==
-- entry: shr_signed
-- input { -16 2 } output { -4 1073741820 }
-- input { 16 2 } output { 4 4 }

-- ==
-- entry: shr_u8
-- input { 128u8 7u8 } output { 1u8 }
-- input { 255u8 4u8 } output { 15u8 }

-- ==
-- entry: shr_i8
-- input { -128i8 7i8 } output { -1i8 }
-- input { 127i8 7i8 } output { 0i8 }

entry shl (x: i32) (k: i32) = x << k

-- The second component is a logical shift, done through u32.
entry shr_signed (x: i32) (k: i32) = (x >> k, i32.u32 (u32.i32 x >> u32.i32 k))

entry shr_u8 (x: u8) (k: u8) = x >> k
entry shr_i8 (x: i8) (k: i8) = x >> k
