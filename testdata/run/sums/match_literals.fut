-- description: match on integer literals with a wildcard fallback.
-- ==
-- input { [0, 1, 2, 3, -1] } output { [100, 200, 300, 0, 0] }
-- input { empty([0]i32) } output { empty([0]i32) }

def code (x: i32) =
  match x
  case 0 -> 100
  case 1 -> 200
  case 2 -> 300
  case _ -> 0

def main (xs: []i32) = map code xs
