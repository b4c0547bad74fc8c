-- description: half-precision floats: arithmetic, overflow to infinity and rounding.
-- ==
-- entry: add
-- input { 1.5f16 2.25f16 } output { 3.75f16 }

-- ==
-- entry: overflow
-- input { 60000.0f16 } output { f16.inf }

-- ==
-- entry: precision
-- input { 2048.0f16 } output { 2048.0f16 }

entry add (a: f16) (b: f16) = a + b
entry overflow (x: f16) = x * 2
-- 2049 is not representable in f16; adding 1 to 2048 rounds back to 2048.
entry precision (x: f16) = x + 1
