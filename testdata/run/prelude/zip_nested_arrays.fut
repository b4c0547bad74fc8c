-- description: zipping arrays of arrays gives pairs of rows; unzip returns both matrices.
-- ==
-- input { [[1, 2], [3, 4]] [[5, 6], [7, 8]] } output { [[5, 6], [7, 8]] [[1, 2], [3, 4]] [6, 10] }

def main [n][m] (a: [n][m]i32) (b: [n][m]i32) =
  let rows = zip a b
  let (x, y) = unzip (map (\(r, s) -> (s, r)) rows)
  in (x, y, map (\(r, s) -> r[0] + s[0]) rows)
