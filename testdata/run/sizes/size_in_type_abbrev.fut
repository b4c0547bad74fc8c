-- description: a type abbreviation with a size parameter, `type matrix [n][m] = [n][m]f64`.
-- ==
-- input { [[1.0, 2.0], [3.0, 4.0]] } output { [[1.0, 3.0], [2.0, 4.0]] 5.0 }

type matrix [n][m] = [n][m]f64

def trace [n] (a: matrix [n][n]) = reduce (+) 0 (map (\i -> a[i, i]) (iota n))

def main [n] (a: matrix [n][n]) : (matrix [n][n], f64) = (transpose a, trace a)
