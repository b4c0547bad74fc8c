-- Unique return aliasing a non-unique parameter.
-- ==
-- error: Unique-typed return value is aliased to "xs"

def passthrough (xs: []i32) : *[]i32 =
  xs
