-- description: f16 module functions: sqrt, floor, isnan, from_bits/to_bits and conversion.
-- ==
-- input { 2.25f16 } output { 1.5f16 2.0f16 false 16512u16 2.25f32 }

def main (x: f16) = (f16.sqrt x, f16.floor x, f16.isnan x, f16.to_bits x, f32.f16 x)
