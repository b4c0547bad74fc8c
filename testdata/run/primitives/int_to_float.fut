-- description: integer-to-float conversion, including precision loss in f32 and unsigned sources.
-- ==
-- entry: to_f64
-- input { -7 } output { -7.0 }

-- ==
-- entry: f32_precision
-- input { 16777217 } output { 16777216.0f32 }

-- ==
-- entry: unsigned_source
-- input { 255u8 4294967295u32 } output { 255.0f32 4294967295.0 }

-- ==
-- entry: signed_byte
-- input { -128i8 } output { -128.0f32 }

entry to_f64 (x: i32) = f64.i32 x
entry f32_precision (x: i32) = f32.i32 x
entry unsigned_source (a: u8) (b: u32) = (f32.u8 a, f64.u32 b)
entry signed_byte (x: i8) = f32.i8 x
