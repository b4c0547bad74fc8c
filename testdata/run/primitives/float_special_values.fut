-- description: NaN and infinities pass through arrays and min/max; printing of special values.
-- ==
-- entry: specials
-- input { } output { [f32.nan, f32.inf, -f32.inf, 0.0f32] }

-- ==
-- entry: classify
-- input { [1.0, f64.nan, f64.inf, -f64.inf] }
-- output { [false, true, false, false] [false, false, true, true] }

-- ==
-- entry: maxmin_nan
-- input { 3.0f32 } output { 3.0f32 3.0f32 }

entry specials : []f32 = [f32.nan, f32.inf, -f32.inf, 0]

entry classify (xs: []f64) = (map f64.isnan xs, map f64.isinf xs)

-- f32.max and f32.min return the non-NaN operand.
entry maxmin_nan (x: f32) = (f32.max x f32.nan, f32.min f32.nan x)
