-- description: f64.cbrt, f64.round on halves, and f64.to_i64-like conversions via module functions.
-- ==
-- entry: funcs
-- input { 27.0 } output { 3.0 27.0 27i64 }
-- input { -8.0 } output { -2.0 -8.0 -8i64 }

entry funcs (x: f64) = (f64.cbrt x, f64.round x, i64.f64 x)
