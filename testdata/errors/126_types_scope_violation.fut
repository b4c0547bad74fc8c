-- Scope violation: the inner function's rigid type parameter escapes into an outer variable.
-- ==
-- error: scope violation

def outer x =
  let inner 'b (y: b) = if true then y else x
  in inner
