-- description: hexadecimal float literals `0x1.8p1` and typed variants.
-- ==
-- input { } output { 3.0 0.25f32 -2.0 }

-- The hexadecimal mantissa needs a fractional point: 0x1.0p-2, not 0x1p-2.
def main = (0x1.8p1, 0x1.0p-2f32, -0x1.0p1)
