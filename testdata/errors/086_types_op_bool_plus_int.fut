-- Operator operand types: adding a bool to an i32.
-- ==
-- error: Cannot apply "\+" to "is_neg"

def abs_plus (x: i32) : i32 =
  let is_neg = x < 0
  in (if is_neg then -x else x) + is_neg
