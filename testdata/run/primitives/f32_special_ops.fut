-- description: infinity arithmetic on f32: products with zero, division by infinity.
-- ==
-- entry: ops
-- input { } output { f32.nan 0.0f32 -0.0f32 f32.inf }

entry ops =
  (f32.inf * 0, 1 / f32.inf, -1 / f32.inf, f32.inf + f32.inf)
