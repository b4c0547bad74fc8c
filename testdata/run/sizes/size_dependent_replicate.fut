-- description: functions creating arrays whose sizes depend on their arguments, combined later.
-- ==
-- input { 2i64 3i64 } output { [[0i64, 1i64, 2i64], [0i64, 1i64, 2i64]] 6i64 }

def grid (n: i64) (m: i64) : [n][m]i64 = replicate n (iota m)

def main (n: i64) (m: i64) =
  let g = grid n m
  in (g, length (flatten g))
