-- description: coercing a 2D array to a square shape when the dimensions match.
-- ==
-- input { [[1, 2], [3, 4]] } output { [[1, 3], [2, 4]] }

def sym_part [n] (a: [n][n]i32) = transpose a

def main [n][m] (a: [n][m]i32) = sym_part (a :> [n][n]i32)
