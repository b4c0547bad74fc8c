-- description: f32/f64 round (to nearest, ties to even), floor, ceil and trunc.
-- ==
-- entry: round32
-- input { [0.5f32, 1.5f32, 2.5f32, -0.5f32, -1.5f32, 2.4f32, -2.6f32] }
-- output { [0.0f32, 2.0f32, 2.0f32, -0.0f32, -2.0f32, 2.0f32, -3.0f32] }

-- ==
-- entry: floor_ceil_trunc
-- input { [1.7, -1.7, 2.0, -0.2] }
-- output { [1.0, -2.0, 2.0, -1.0] [2.0, -1.0, 2.0, -0.0] [1.0, -1.0, 2.0, -0.0] }

entry round32 (xs: []f32) = map f32.round xs

entry floor_ceil_trunc (xs: []f64) =
  (map f64.floor xs, map f64.ceil xs, map f64.trunc xs)
