-- description: negating unsigned numbers wraps modulo 2^n.
-- ==
-- entry: neg_u8
-- input { 1u8 } output { 255u8 }
-- input { 0u8 } output { 0u8 }

-- ==
-- entry: neg_u32
-- input { 5u32 } output { 4294967291u32 }

entry neg_u8 (x: u8) = -x
entry neg_u32 (x: u32) = 0 - x
