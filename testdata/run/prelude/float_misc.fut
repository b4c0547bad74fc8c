-- description: f64 abs, sgn, copysign, hypot, fma, mad and lerp.
-- ==
-- entry: misc
-- input { -3.0 4.0 } output { 3.0 -1.0 3.0 5.0 -11.0 -11.0 }

-- ==
-- entry: lerp
-- input { 2.0 10.0 0.25 } output { 4.0 }

-- ==
-- entry: sgn_special
-- input { } output { 0.0 1.0 f64.nan }

entry misc (a: f64) (b: f64) =
  (f64.abs a, f64.sgn a, f64.copysign a b, f64.hypot a b, f64.fma a b 1, f64.mad a b 1)

entry lerp (v0: f64) (v1: f64) (t: f64) = f64.lerp v0 v1 t

entry sgn_special = (f64.sgn 0, f64.sgn f64.inf, f64.sgn f64.nan)
