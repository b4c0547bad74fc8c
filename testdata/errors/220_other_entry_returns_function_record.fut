-- Entry point returning a record that contains a function.
-- ==
-- error: Entry point functions may not be higher-order

entry make_op (k: i32) =
  {k = k, op = \(x: i32) -> x * k}
