-- description: f32.sum, f32.product, f32.maximum and f32.minimum, on empty arrays too.
-- ==
-- entry: reds
-- input { [1.5f32, -2.0f32, 4.0f32] } output { 3.5f32 -12.0f32 4.0f32 -2.0f32 }
-- input { empty([0]f32) } output { 0.0f32 1.0f32 -f32.inf f32.inf }

entry reds (xs: []f32) = (f32.sum xs, f32.product xs, f32.maximum xs, f32.minimum xs)
