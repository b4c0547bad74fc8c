-- Equality on functions: functions do not support `==`.
-- ==
-- error: does not support equality

def same_op (f: i32 -> i32 -> i32) (g: i32 -> i32 -> i32) : bool =
  f == g
