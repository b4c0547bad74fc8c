-- description: Conway's Game of Life on a small torus: a blinker oscillates with period 2.
-- ==
-- input { 1 [[0, 0, 0, 0, 0], [0, 0, 1, 0, 0], [0, 0, 1, 0, 0], [0, 0, 1, 0, 0], [0, 0, 0, 0, 0]] }
-- output { [[0, 0, 0, 0, 0], [0, 0, 0, 0, 0], [0, 1, 1, 1, 0], [0, 0, 0, 0, 0], [0, 0, 0, 0, 0]] }
-- input { 2 [[0, 0, 0, 0, 0], [0, 0, 1, 0, 0], [0, 0, 1, 0, 0], [0, 0, 1, 0, 0], [0, 0, 0, 0, 0]] }
-- output { [[0, 0, 0, 0, 0], [0, 0, 1, 0, 0], [0, 0, 1, 0, 0], [0, 0, 1, 0, 0], [0, 0, 0, 0, 0]] }

def step [n][m] (b: [n][m]i32) : [n][m]i32 =
  map (\i -> map (\j ->
    let neighbours =
      reduce (+) 0 (map (\d -> let di = d / 3 - 1
                               let dj = d % 3 - 1
                               in if di == 0 && dj == 0 then 0
                                  else b[(i + di + n) % n, (j + dj + m) % m]) (iota 9))
    in if neighbours == 3 || (neighbours == 2 && b[i, j] == 1) then 1 else 0) (iota m)) (iota n)

def main (gens: i32) (board: [][]i32) = loop board for _g < gens do step board
