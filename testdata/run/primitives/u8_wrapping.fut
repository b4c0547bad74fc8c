-- description: u8 arithmetic wraps modulo 256.
-- ==
-- entry: add_u8
-- input { 255u8 1u8 } output { 0u8 }
-- input { 200u8 100u8 } output { 44u8 }
-- input { 0u8 0u8 } output { 0u8 }

-- ==
-- entry: sub_u8
-- input { 0u8 1u8 } output { 255u8 }
-- input { 10u8 20u8 } output { 246u8 }

-- ==
-- entry: mul_u8
-- input { 16u8 16u8 } output { 0u8 }
-- input { 15u8 17u8 } output { 255u8 }

entry add_u8 (a: u8) (b: u8) : u8 = a + b
entry sub_u8 (a: u8) (b: u8) : u8 = a - b
entry mul_u8 (a: u8) (b: u8) : u8 = a * b
