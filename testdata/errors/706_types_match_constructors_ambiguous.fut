-- Matching on a bare constructor leaves the sum type unknown: only its constructors are known.
-- ==
-- error: ambiguous

def is_north : bool =
  match #north
  case #north -> true
  case #south -> false
