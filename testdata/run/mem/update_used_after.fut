-- description: the written row is used after the update, so it keeps its
-- own memory (the update copies it).
-- ==
-- structure seq-mem { Alloc 1 }
-- input { [[1i32, 2], [3, 4]] 0i64 [7i32, 8] }
-- output { [[8i32, 9], [3, 4]] 17i32 }

entry main [n] [m] (grid: *[n][m]i32) (i: i64) (row: [m]i32) : (*[n][m]i32, i32) =
  let fresh = map (+ 1) row
  let grid[i] = fresh
  in (grid, reduce (+) 0 fresh)
