-- description: a chain of matrix products whose sizes [n][m] x [m][p] x [p][q] line up by type.
-- ==
-- input { [[1, 2]] [[1, 0, 1], [0, 1, 1]] [[1], [1], [1]] } output { [[6]] }
-- input { [[1], [2]] [[3, 4]] [[1, 0], [0, 1]] } output { [[3, 4], [6, 8]] }

def matmul [n][m][p] (a: [n][m]i32) (b: [m][p]i32) : [n][p]i32 =
  map (\r -> map (\c -> reduce (+) 0 (map2 (*) r c)) (transpose b)) a

def main [n][m][p][q] (a: [n][m]i32) (b: [m][p]i32) (c: [p][q]i32) : [n][q]i32 =
  matmul (matmul a b) c
