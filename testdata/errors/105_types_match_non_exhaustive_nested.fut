-- Non-exhaustive match: the nested `#some #err` combination is not covered.
-- ==
-- error: Unmatched cases

type res = #ok i32 | #err
type opt = #some res | #none

def value (o: opt) : i32 =
  match o
  case #none -> 0
  case #some (#ok x) -> x
