-- description: a row computed from other data and written into a unique
-- matrix is built in place: no allocation at all.
-- ==
-- structure seq-mem { Alloc 0 }
-- structure gpu-mem { Alloc 0 }
-- input { [[1i32, 2], [3, 4], [5, 6]] 1i64 [7i32, 8] }
-- output { [[1i32, 2], [8, 9], [5, 6]] }

entry main [n] [m] (grid: *[n][m]i32) (i: i64) (row: [m]i32) : *[n][m]i32 =
  let fresh = map (+ 1) row
  in grid with [i] = fresh
