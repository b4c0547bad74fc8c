-- Function types: a `match` whose cases are functions.
-- ==
-- error: may not be of function type

type op = #inc | #dec

def pick (o: op) : i64 -> i64 =
  match o
  case #inc -> (+ 1)
  case #dec -> (\x -> x - 1)

def main (o: op) (x: i64) = (pick o) x
