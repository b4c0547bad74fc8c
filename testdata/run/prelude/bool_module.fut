-- description: bool module conversions bool.i64, bool.f64 and bool.u8.
-- ==
-- entry: conv
-- input { 0i64 0.0 3u8 } output { false false true }
-- input { -2i64 f64.nan 0u8 } output { true true false }

entry conv (a: i64) (b: f64) (c: u8) = (bool.i64 a, bool.f64 b, bool.u8 c)
