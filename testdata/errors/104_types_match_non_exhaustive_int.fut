-- Non-exhaustive match: matching on integer literals without a catch-all.
-- ==
-- error: Unmatched cases

def days_in (month: i32) : i32 =
  match month
  case 2 -> 28
  case 4 -> 30
  case 6 -> 30
