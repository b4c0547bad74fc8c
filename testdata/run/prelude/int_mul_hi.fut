-- description: mul_hi gives the high half of the double-width product; mad_hi adds a third operand.
-- ==
-- entry: mul_hi_u32
-- input { 4294967295u32 4294967295u32 } output { 4294967294u32 }
-- input { 65536u32 65536u32 } output { 1u32 }
-- input { 3u32 5u32 } output { 0u32 }

-- ==
-- entry: mul_hi_i32
-- input { -1 1 } output { -1 }
-- input { 1073741824 8 } output { 2 }

-- ==
-- entry: mad_hi_u8
-- input { 200u8 200u8 10u8 } output { 166u8 }

entry mul_hi_u32 (a: u32) (b: u32) = u32.mul_hi a b
entry mul_hi_i32 (a: i32) (b: i32) = i32.mul_hi a b
entry mad_hi_u8 (a: u8) (b: u8) (c: u8) = u8.mad_hi a b c
