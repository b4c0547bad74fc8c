-- description: trigonometric functions and their inverses on f64.
-- ==
-- entry: trig
-- input { 0.0 } output { 0.0 1.0 0.0 }
-- input { 1.0 } output { 0.8414709848078965 0.5403023058681398 1.5574077246549023 }

-- ==
-- entry: inverse
-- input { 1.0 } output { 1.5707963267948966 0.0 0.7853981633974483 }

-- ==
-- entry: atan2
-- input { 1.0 -1.0 } output { 2.356194490192345 }
-- input { -0.0 -1.0 } output { -3.141592653589793 }

entry trig (x: f64) = (f64.sin x, f64.cos x, f64.tan x)
entry inverse (x: f64) = (f64.asin x, f64.acos x, f64.atan x)
entry atan2 (y: f64) (x: f64) = f64.atan2 y x
