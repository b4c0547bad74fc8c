-- A scatter into a copy of each row: one scatter over every row's
-- writes, the row's index before each index. Indices outside the row
-- (negative or past its end) are ignored, never spilled into another
-- row.
-- ==
-- input { [[1, 2, 3], [4, 5, 6], [7, 8, 9]]
--         [[0i64, 2i64], [-1i64, 3i64], [1i64, 0i64]]
--         [[10, 20], [30, 40], [50, 60]] }
-- output { [[10, 2, 20], [4, 5, 6], [60, 50, 9]] }
-- input { empty([0][3]i32) empty([0][2]i64) empty([0][2]i32) }
-- output { empty([0][3]i32) }

def main [n] [m] [k] (xss: [n][m]i32) (iss: [n][k]i64) (vss: [n][k]i32) =
  map3 (\xs is vs -> scatter (copy xs) is vs) xss iss vss
