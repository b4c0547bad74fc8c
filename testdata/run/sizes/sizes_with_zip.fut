-- description: zip requires equal sizes; the second array is coerced to the first's size parameter.
-- ==
-- input { [1, 2] [3, 4] } output { [4, 6] }

def main [n][m] (xs: [n]i32) (ys: [m]i32) =
  map (\(a, b) -> a + b) (zip xs (ys :> [n]i32))
