-- error: \(scope violation\)
-- The same rule for an anonymous function's parameters.
def table : i32 = const 7 (\rows k -> (zip rows (iota k) : [](f32, i64)))
