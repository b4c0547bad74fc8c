-- description: conversions between f16, f32 and f64.
-- ==
-- entry: narrow
-- input { 0.1 } output { 0.1f32 0.099975586f16 }

-- ==
-- entry: widen
-- input { 1.5f16 } output { 1.5f32 1.5 }

-- ==
-- entry: big_to_f32
-- input { 1e100 } output { f32.inf }

entry narrow (x: f64) = (f32.f64 x, f16.f64 x)
entry widen (x: f16) = (f32.f16 x, f64.f16 x)
entry big_to_f32 (x: f64) = f32.f64 x
