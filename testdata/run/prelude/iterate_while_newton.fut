-- description: Newton's method for the square root with iterate_while.
-- ==
-- entry: newton_sqrt
-- input { 2.0 } output { 1.4142135623730951 }
-- input { 100.0 } output { 10.0 }

entry newton_sqrt (a: f64) =
  iterate_while (\x -> f64.abs (x * x - a) > 1e-12) (\x -> (x + a / x) / 2) a
