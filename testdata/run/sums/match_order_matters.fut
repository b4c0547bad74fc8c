-- description: overlapping patterns: the first matching case is chosen.
-- ==
-- input { 5 } output { 1 }
-- input { 10 } output { 2 }
-- input { 11 } output { 3 }

def main (x: i32) =
  match (x % 5, x % 2)
  case (0, 1) -> 1
  case (0, _) -> 2
  case (_, _) -> 3
