-- One branch gives a constructor, the other a number.
-- ==
-- error: Cannot unify type that must be one of

def status (ok: bool) : #fine =
  if ok then #fine else 1
