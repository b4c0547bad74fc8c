-- Equality on functions: a record containing a function cannot be compared.
-- ==
-- error: does not support equality

def unchanged (a: {name: i32, run: f32 -> f32}) (b: {name: i32, run: f32 -> f32}) =
  a == b
