-- description: float module constants pi and e, and isnan/isinf of the nan and inf constants.
-- ==
-- entry: consts
-- input { } output { 3.141592653589793 2.718281828459045 3.1415927f32 }

-- ==
-- entry: nan_inf
-- input { } output { true true }

entry consts = (f64.pi, f64.e, f32.pi)
entry nan_inf = (f32.isnan f32.nan, f64.isinf f64.inf)
