-- Operator operand types: f32 and i32 do not mix without a conversion.
-- ==
-- error: Cannot apply "\+" to "n"

def average (xs: []f32) : f32 =
  let n = i32.i64 (length xs)
  in f32.sum xs / (0.0f32 + n)
