-- description: float-to-integer conversion truncates towards zero.
-- ==
-- entry: to_i32
-- input { [1.9, -1.9, 0.5, -0.5, 1000000.7] }
-- output { [1, -1, 0, 0, 1000000] }

-- ==
-- entry: to_u8
-- input { 200.9f32 } output { 200u8 }

-- ==
-- entry: to_i64
-- input { -12345678901.5 } output { -12345678901i64 }

entry to_i32 (xs: []f64) = map i32.f64 xs
entry to_u8 (x: f32) = u8.f32 x
entry to_i64 (x: f64) = i64.f64 x
