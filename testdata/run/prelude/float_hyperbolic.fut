-- description: hyperbolic functions and their inverses on f32.
-- ==
-- entry: hyp
-- input { 0.0f32 } output { 0.0f32 1.0f32 0.0f32 }
-- input { 1.0f32 } output { 1.1752012f32 1.5430807f32 0.7615942f32 }

-- ==
-- entry: inverse
-- input { 1.0f32 } output { 0.8813736f32 0.0f32 }

entry hyp (x: f32) = (f32.sinh x, f32.cosh x, f32.tanh x)
entry inverse (x: f32) = (f32.asinh x, f32.acosh x)
