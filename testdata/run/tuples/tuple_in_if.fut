-- description: tuples flowing through if-then-else and match.
-- ==
-- input { 5 } output { 5 25 }
-- input { -5 } output { 5 -25 }

def main (x: i32) =
  let (a, s) = if x >= 0 then (x, 1) else (-x, -1)
  in (a, s * a * a)
