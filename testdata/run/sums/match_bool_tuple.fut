-- description: match on a tuple of booleans (truth table for xor and implication).
-- ==
-- input { [false, false, true, true] [false, true, false, true] }
-- output { [false, true, true, false] [true, true, false, true] }

def xor (a: bool) (b: bool) =
  match (a, b)
  case (true, false) -> true
  case (false, true) -> true
  case _ -> false

def implies (a: bool) (b: bool) =
  match (a, b)
  case (true, false) -> false
  case (_, _) -> true

def main [n] (as: [n]bool) (bs: [n]bool) = (map2 xor as bs, map2 implies as bs)
