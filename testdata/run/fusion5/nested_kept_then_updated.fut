-- The kept result of a fused nest is then updated in place, and a
-- three-deep nest fuses level by level.
-- ==
-- input { [[[1, 2], [3, 4]], [[5, 6], [7, 8]]] 1i64 [9, 9] }
-- output { [[[2, 3], [4, 5]], [[6, 7], [9, 9]]] 44 }
-- input { [[[0]]] 0i64 [5] }
-- output { [[[5]]] 1 }

def main [a][b][c] (cube: [a][b][c]i32) (at: i64) (fill: [c]i32) : ([a][b][c]i32, i32) =
  let inc = map (\plane -> map (\row -> map (+ 1) row) plane) cube
  let total = map (\plane -> map (\row -> i32.sum row) plane) inc
              |> flatten |> i32.sum
  let inc[at % a, at % b] = fill
  in (inc, total)
