-- description: float `**` with fractional, negative and zero exponents.
-- ==
-- entry: pow
-- input { 4.0 0.5 } output { 2.0 }
-- input { 2.0 -2.0 } output { 0.25 }
-- input { 0.0 0.0 } output { 1.0 }
-- input { -8.0 0.5 } output { f64.nan }

entry pow (b: f64) (e: f64) = b ** e
