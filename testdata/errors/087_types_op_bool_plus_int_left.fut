-- Operator operand types: a bool is not numeric, so `+` cannot take it.
-- ==
-- error: must be one of i8, i16, i32, i64

def count_true (flags: []bool) : i32 =
  reduce (\acc f -> f + acc) 0 flags
