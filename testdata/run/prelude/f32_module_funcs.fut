-- description: f32 module functions mirror f64: floor/ceil/round/trunc, sqrt, min/max, abs.
-- ==
-- entry: funcs
-- input { -2.5f32 } output { -3.0f32 -2.0f32 -2.0f32 -2.0f32 2.5f32 f32.nan }
-- input { 9.0f32 } output { 9.0f32 9.0f32 9.0f32 9.0f32 9.0f32 3.0f32 }

entry funcs (x: f32) =
  (f32.floor x, f32.ceil x, f32.round x, f32.trunc x, f32.abs x, f32.sqrt x)
