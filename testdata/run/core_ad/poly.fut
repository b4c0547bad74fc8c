-- Derivatives of polynomials and elementary functions, forward and
-- reverse, through both back ends.
-- ==
-- entry: poly_fwd
-- input { 2.0 } output { 25.0 }
-- input { -1.0 } output { 4.0 }

-- d/dx (x^3 + 2x^2 + 5x) = 3x^2 + 4x + 5
entry poly_fwd (x: f64) = jvp (\y -> y * y * y + 2 * y * y + 5 * y) x 1

-- ==
-- entry: poly_rev
-- input { 2.0 } output { 25.0 }
entry poly_rev (x: f64) = vjp (\y -> y * y * y + 2 * y * y + 5 * y) x 1

-- ==
-- entry: trig
-- input { 0.0 } output { 1.0 1.0 }
entry trig (x: f64) =
  (jvp f64.sin x 1, vjp (\y -> f64.exp y + f64.cos y) x 1)

-- Second derivative by nesting: d2/dx2 x^4 = 12 x^2.
-- ==
-- entry: second
-- input { 3.0 } output { 108.0 108.0 }
entry second (x: f64) =
  let d y = jvp (\z -> z * z * z * z) y 1
  in (jvp d x 1, vjp d x 1)

-- A pair in, a pair out.
-- ==
-- entry: pair
-- input { 3.0 4.0 } output { 4.0 1.0 1.0 5.0 4.0 }
entry pair (a: f64) (b: f64) =
  let f (x, y) = (x * y, x + y)
  let (p, s) = jvp f (a, b) (1, 0)
  let (ga, gb) = vjp f (a, b) (1, 1)
  in (p, s, ga - b, ga, gb + 0 * s)
