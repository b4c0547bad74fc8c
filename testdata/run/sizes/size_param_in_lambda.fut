-- description: inner dimension sizes flow through map over rows.
-- ==
-- input { [[1, 2, 3], [4, 5, 6]] } output { [[3, 2, 1], [6, 5, 4]] 3i64 }

def main [n][m] (a: [n][m]i32) =
  let r : [n][m]i32 = map reverse a
  in (r, m)
