-- description: derivatives of the two-argument and special functions; a second derivative of gamma is refused.
-- ==
-- entry: two_args
-- input { 1.0f64 1.0f64 } output { 0.5f64 -0.5f64 0.7071067811865475f64 }
-- input { 3.0f64 4.0f64 } output { 0.16f64 -0.12f64 0.6f64 }

-- ==
-- entry: gamma
-- input { 1.0f64 } output { -0.5772156649015329f64 -0.5772156649015329f64 }
-- input { 2.0f64 } output { 0.42278433509846713f64 0.42278433509846713f64 }

-- ==
-- entry: gamma_twice
-- input { 2.0f64 } error: cannot differentiate gamma or lgamma twice

-- atan2 y x in y is x / (x^2 + y^2), in x it is -y / (x^2 + y^2); hypot y x
-- in y is y / hypot.
entry two_args (y: f64) (x: f64) =
  ( jvp (\a -> f64.atan2 a x) y 1
  , jvp (\b -> f64.atan2 y b) x 1
  , jvp (\a -> f64.hypot a x) y 1 )

-- gamma' = gamma * digamma and lgamma' = digamma, with digamma 1 = -0.5772...
-- (the Euler-Mascheroni constant) and digamma 2 = 1 - 0.5772...
entry gamma (x: f64) = (jvp f64.gamma x 1, jvp f64.lgamma x 1)

entry gamma_twice (x: f64) = jvp (\a -> jvp f64.lgamma a 1) x 1
