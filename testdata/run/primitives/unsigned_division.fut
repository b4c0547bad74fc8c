-- description: unsigned division and modulo treat operands as non-negative.
-- ==
-- entry: div_u32
-- input { 4294967295u32 2u32 } output { 2147483647u32 1u32 }
-- input { 7u32 7u32 } output { 1u32 0u32 }

-- ==
-- entry: div_u8
-- input { 200u8 7u8 } output { 28u8 4u8 28u8 4u8 }

entry div_u32 (a: u32) (b: u32) = (a / b, a % b)
entry div_u8 (a: u8) (b: u8) = (a / b, a % b, a // b, a %% b)
