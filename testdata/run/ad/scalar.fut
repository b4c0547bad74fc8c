-- description: jvp and vjp of scalar functions, derivatives worked out by hand.
-- ==
-- entry: square
-- input { 3.0f64 } output { 6.0f64 6.0f64 }
-- input { -1.5f64 } output { -3.0f64 -3.0f64 }

-- ==
-- entry: polynomial
-- input { 2.0f64 } output { 34.0f64 }
-- input { 0.0f64 } output { -2.0f64 }

-- ==
-- entry: quotient
-- input { 4.0f64 } output { -0.0625f64 }

-- ==
-- entry: elementary
-- input { 4.0f64 } output { 0.25f64 0.25f64 54.598150033144236f64 0.7568024953079282f64 }

-- ==
-- entry: at_zero
-- input { 0.0f64 } output { 1.0f64 2.0f64 1.1283791670955126f64 1.0f64 1.0f64 }

-- ==
-- entry: powers
-- input { 2.0f64 3.0f64 } output { 12.0f64 5.545177444479562f64 }

-- ==
-- entry: piecewise
-- input { 3.0f64 } output { 1.0f64 1.0f64 1.0f64 }
-- input { -2.0f64 } output { 0.0f64 2.0f64 -1.0f64 }

-- ==
-- entry: single_precision
-- input { 0.5f32 } output { 1.0f32 }

-- d/dx x*x = 2x, in both modes.
entry square (x: f64) = (jvp (\y -> y * y) x 1, vjp (\y -> y * y) x 1)

-- d/dx (3x^3 - 2x + 1) = 9x^2 - 2.
entry polynomial (x: f64) = jvp (\y -> 3 * y * y * y - 2 * y + 1) x 1

-- d/dx 1/x = -1/x^2.
entry quotient (x: f64) = vjp (\y -> 1 / y) x 1

-- sqrt' = 1/(2 sqrt x), log' = 1/x, exp' = exp, cos' = -sin.
entry elementary (x: f64) =
  (jvp f64.sqrt x 1, jvp f64.log x 1, jvp f64.exp x 1, vjp f64.cos x 1)

-- At 0: sin' = cos 0 = 1; (exp (2x))' = 2; erf' = 2/sqrt pi; tanh' = 1; atan' = 1.
entry at_zero (x: f64) =
  ( jvp f64.sin x 1
  , jvp (\y -> f64.exp (2 * y)) x 1
  , jvp f64.erf x 1
  , vjp f64.tanh x 1
  , jvp f64.atan x 1 )

-- d/dx x**3 = 3x^2 (12 at 2); d/dy 2**y = 2**y ln 2 (8 ln 2 at 3).
entry powers (x: f64) (y: f64) = (jvp (\z -> z ** 3) x 1, jvp (\z -> 2 ** z) y 1)

-- max x 0, min x 0 and abs x pick the derivative of the branch taken.
entry piecewise (x: f64) =
  (jvp (\y -> f64.max y 0) x 1, jvp (\y -> f64.min y 0 + y) x 1, jvp f64.abs x 1)

-- d/dx x^2 at 1/2 in f32.
entry single_precision (x: f32) = vjp (\y -> y * y) x 1
