-- Exhaustive match over a tuple of bools, and a match binding a record pattern.

def xor (a: bool) (b: bool) : bool =
  match (a, b)
  case (true, false) -> true
  case (false, true) -> true
  case _ -> false

def norm1 (v: {x: i32, y: i32}) : i32 =
  match v
  case {x, y} -> i32.abs x + i32.abs y
