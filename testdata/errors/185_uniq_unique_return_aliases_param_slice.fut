-- Unique return aliasing a parameter through a slice.
-- ==
-- error: Unique-typed return value is aliased to "data"

def body [n] (data: [n]u8) : *[]u8 =
  data[4:]
