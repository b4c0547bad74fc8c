-- description: size-typed matrix-vector product and identity matrix generation.
-- ==
-- input { [[1, 2], [3, 4]] [1, 1] } output { [3, 7] [[1, 0], [0, 1]] }

def matvec [n][m] (a: [n][m]i32) (v: [m]i32) : [n]i32 = map (\r -> reduce (+) 0 (map2 (*) r v)) a

def identity (n: i64) : [n][n]i32 = map (\i -> map (\j -> i32.bool (i == j)) (iota n)) (iota n)

def main [n][m] (a: [n][m]i32) (v: [m]i32) = (matvec a v, identity n)
