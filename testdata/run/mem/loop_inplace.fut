-- description: a copy updated in place by a loop and then written into a
-- row is built in that row from the start: no allocation.
-- ==
-- structure seq-mem { Alloc 0 }
-- input { [[0i32, 0], [0, 0]] [5i32, 6] } output { [[0i32, 0], [5, 7]] }

entry main [n] [m] (grid: *[n][m]i32) (xs: [m]i32) : *[n][m]i32 =
  let ys = copy xs
  let ys = loop ys for j < m do ys with [j] = ys[j] + i32.i64 j
  in grid with [n - 1] = ys
