-- description: f32 sums lose precision where f64 sums do not.
-- ==
-- entry: add_small
-- input { 16777216.0f32 1.0f32 } output { 16777216.0f32 }

-- ==
-- entry: tenth
-- input { } output { 0.1f32 0.1 }

entry add_small (big: f32) (small: f32) = big + small

entry tenth = (f32.f64 0.1, 0.1f64)
