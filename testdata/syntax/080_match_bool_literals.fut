-- Match on boolean literals and tuples of booleans.

def to_int (b: bool) : i32 =
  match b
  case true -> 1
  case false -> 0

-- | Truth table of implication via a tuple pattern of literals.
def implies (a: bool) (b: bool) : bool =
  match (a, b)
  case (true, false) -> false
  case _ -> true

def describe (p: bool) (q: bool) : i32 =
  match (p, q)
  case (false, false) -> 0
  case (false, true) -> 1
  case (true, false) -> 2
  case (true, true) -> 3

entry main (xs: []bool) : []i32 = map to_int xs

entry logic (a: bool) (b: bool) : (bool, i32) = (implies a b, describe a b)
