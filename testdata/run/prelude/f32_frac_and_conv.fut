-- description: f32.from_fraction, f32.to_i64, f32.i64 and f64.from_fraction.
-- ==
-- entry: fracs
-- input { 3i64 4i64 } output { 0.75f32 0.75 }

-- ==
-- entry: conv
-- input { -3.99f32 } output { -3i64 -3.0f32 }

entry fracs (a: i64) (b: i64) = (f32.from_fraction a b, f64.from_fraction a b)
entry conv (x: f32) = (f32.to_i64 x, f32.i64 (f32.to_i64 x))
