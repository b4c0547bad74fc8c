-- description: reading the very row of the destination between the
-- row's creation and the update forbids building it in place; reading
-- another row does not.
-- ==
-- entry: same other
-- structure seq-mem { Alloc 1 }
-- input { [[1i32, 2], [3, 4]] [7i32, 8] }
-- output { [[8i32, 9], [3, 4]] 1i32 }

entry same [n] [m] (grid: *[n][m]i32) (row: [m]i32) : (*[n][m]i32, i32) =
  let fresh = map (+ 1) row
  let k = grid[0, 0]
  let grid[0] = fresh
  in (grid, k)

entry other [n] [m] (grid: *[n][m]i32) (row: [m]i32) : (*[n][m]i32, i32) =
  let fresh = map (+ 1) row
  let k = grid[1, 0] - 2
  let grid[0] = fresh
  in (grid, k)
