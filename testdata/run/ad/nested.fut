-- description: nested differentiation: higher derivatives, jvp of vjp, vjp of jvp, and perturbations captured by inner functions.
-- ==
-- entry: second
-- input { 2.0f64 } output { 12.0f64 12.0f64 6.0f64 }

-- ==
-- entry: third
-- input { 0.0f64 } output { -1.0f64 }

-- ==
-- entry: captured
-- input { 2.0f64 } output { 1.0f64 4.0f64 }

-- ==
-- entry: gradients
-- input { [1.0f64, 2.0f64, 3.0f64] } output { [2.0f64, 4.0f64, 6.0f64] }

-- (x^3)'' = 6x, forward over forward and forward over reverse; and
-- d/dx of (d/dy x y^2 at y = 3) = d/dx 6x = 6.
entry second (x: f64) =
  ( jvp (\a -> jvp (\b -> b * b * b) a 1) x 1
  , jvp (\a -> vjp (\b -> b * b * b) a 1) x 1
  , vjp (\a -> jvp (\b -> a * b * b) 3 1) x 1 )

-- sin''' = -cos, which is -1 at 0.
entry third (x: f64) = jvp (\a -> jvp (\b -> jvp f64.sin b 1) a 1) x 1

-- The inner function's result x y has derivative x in y; that is 1 in x.
-- And d/dx (x * d/dy (x y)) = d/dx x^2 = 2x.
entry captured (x: f64) =
  ( jvp (\a -> jvp (\b -> a * b) 1 1) x 1
  , jvp (\a -> a * jvp (\b -> a * b) 1 1) x 1 )

-- A derivative per element.
entry gradients (xs: []f64) = map (\x -> vjp (\y -> y * y) x 1) xs
