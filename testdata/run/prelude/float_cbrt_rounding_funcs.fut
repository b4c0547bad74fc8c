-- description: f64.cbrt of perfect cubes (including negative ones), f64.round of integral values, and i64.f64.
-- ==
-- entry: funcs
-- input { 27.0 } output { 3.0 27.0 27i64 }
-- input { -8.0 } output { -2.0 -8.0 -8i64 }

entry funcs (x: f64) = (f64.cbrt x, f64.round x, i64.f64 x)
