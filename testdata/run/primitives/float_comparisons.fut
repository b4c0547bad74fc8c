-- description: comparisons on floats including negative zero and infinities.
-- ==
-- entry: cmp
-- input { 0.0 -0.0 } output { true false false }
-- input { -1.0 1.0 } output { false true false }

-- ==
-- entry: inf_order
-- input { } output { false true }

entry cmp (a: f64) (b: f64) = (a == b, a < b, a > b)
-- f64.lowest is -inf, and -inf + 1 is still -inf.
entry inf_order = (-f64.inf < f64.lowest + 1, 1e308 < f64.inf)
