-- description: a map over a concatenation has the size n + m; length confirms it.
-- ==
-- input { [1, 2] [3] } output { [2, 4, 6] 3i64 }

def main [n][m] (a: [n]i32) (b: [m]i32) =
  let c : [n + m]i32 = map (* 2) (a ++ b)
  in (c, length c)
