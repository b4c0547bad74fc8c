-- Entry point returning a function (inside a tuple).
-- ==
-- error: Entry point functions may not be higher-order

entry make_scaler (k: f32) =
  (k, \(x: f32) -> x * k)
