-- description: tuple patterns mixing literals, variables and wildcards; first matching case wins.
-- ==
-- input { 0 0 } output { 0 }
-- input { 0 7 } output { 7 }
-- input { 7 0 } output { -7 }
-- input { 2 3 } output { 6 }

def main (a: i32) (b: i32) =
  match (a, b)
  case (0, 0) -> 0
  case (0, y) -> y
  case (x, 0) -> -x
  case (x, y) -> x * y
