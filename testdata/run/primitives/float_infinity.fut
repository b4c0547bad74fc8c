-- description: division by zero and overflow produce infinities; inf - inf is NaN.
-- ==
-- entry: div_zero
-- input { 1.0f32 0.0f32 } output { f32.inf }
-- input { -1.0f32 0.0f32 } output { -f32.inf }

-- ==
-- entry: overflow
-- input { 1e300 } output { f64.inf -f64.inf }

-- ==
-- entry: inf_minus_inf
-- input { } output { f64.nan f64.inf false }

entry div_zero (a: f32) (b: f32) = a / b
entry overflow (x: f64) = (x * x, -(x * x))
-- Note: f64.highest is itself infinity, so nothing is greater than it.
entry inf_minus_inf = (f64.inf - f64.inf, f64.inf + 1, f64.inf > f64.highest)
