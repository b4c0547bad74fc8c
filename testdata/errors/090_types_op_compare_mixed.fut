-- Operator operand types: comparing an i64 length against an i32 limit.
-- ==
-- error: Cannot apply "<"

def short (xs: []u8) (limit: i32) : bool =
  length xs < limit
