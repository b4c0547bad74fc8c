-- Entry point with a function-typed parameter.
-- ==
-- error: Entry point functions may not be higher-order

entry apply_all (f: f32 -> f32) (xs: []f32) : []f32 =
  map f xs
