-- Update paths that mix indices and fields, the same paths as sections,
-- and a lambda given as the last argument without parentheses.
-- ==
-- input { 3i64 }
-- output { [[0i64, 1i64, 2i64], [10i64, 99i64, 12i64], [20i64, 21i64, 22i64]] [7i32, 0i32] 5i32 [2i64, 4i64, 6i64] 21i64 }

type point = {x: i32, y: i32}

def main (n: i64) =
  let grid = tabulate_2d n n \i j -> i * 10 + j
  let grid = grid with [1][1] = 99
  let pts: *[2]point = replicate 2 {x = 0, y = 0}
  let pts = pts with [0].x = 7
  let pair = (pts, {a = {b = 1i32}})
  let pair.1.a.b = 5
  let xs = map (\p -> p.x) pair.0
  let doubled = map (\i -> i * 2) (iota n |> map (+1))
  let col = map (.[2]) grid
  in (grid, xs, (.1.a.b) pair, doubled, col[2] - 1)
