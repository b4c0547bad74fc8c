-- A map nest read through a transposition is interchanged and fused with
-- its consumer (two scremas: the outer and the inner map).
-- ==
-- input { [[1, 2], [3, 4]] } output { [[6, 12], [9, 15]] }
-- structure { /Screma 1 Screma 2 }

def main [n][m] (a: [n][m]i32) : [m][n]i32 =
  let b = map (\r -> map (+ 1) r) a
  in map (\c -> map (* 3) c) (transpose b)
