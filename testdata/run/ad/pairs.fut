-- description: jvp2 and vjp2 give the result with the derivative; tangents and adjoints scale linearly.
-- ==
-- entry: forward
-- input { 0.0f32 } output { 1.0f32 2.0f32 }
-- input { 1.0f32 } output { 7.389056f32 14.778112f32 }

-- ==
-- entry: reverse
-- input { 2.0f64 } output { 8.0f64 36.0f64 }

-- ==
-- entry: scaled
-- input { 3.0f64 } output { 30.0f64 -18.0f64 }

-- ==
-- entry: conversions
-- input { 2.5f64 } output { 1.0f32 0.0f64 }

-- f x = exp (2x): f' = 2 exp (2x).
entry forward (x: f32) = jvp2 (\y -> f32.exp (2 * y)) x 1

-- f x = x^3: f 2 = 8, and the adjoint 3 pulled back is 3 * 3x^2 = 36.
entry reverse (x: f64) = vjp2 (\y -> y * y * y) x 3

-- A tangent of 5 gives 5 * 2x; an adjoint of -3 gives -3 * 2x.
entry scaled (x: f64) = (jvp (\y -> y * y) x 5, vjp (\y -> y * y) x (-3))

-- A conversion to f32 carries the derivative; rounding has none.
entry conversions (x: f64) = (jvp (\y -> f32.f64 y) x 1, jvp f64.floor x 1)
