-- Operator operand types: `&&` requires bools, not i32.
-- ==
-- error: Cannot apply "&&" to "b"

def both_positive (a: i32) (b: i32) : bool =
  let x = a > 0
  in x && b
