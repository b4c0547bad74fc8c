-- description: branch results made before the branch are not built in the
-- destination (both would share its memory and one be overwritten).
-- ==
-- structure seq-mem { Alloc 2 }
-- input { [[0i64, 0], [0, 0]] true [1i64, 2] } output { [[2i64, 3], [0, 0]] }
-- input { [[0i64, 0], [0, 0]] false [1i64, 2] } output { [[2i64, 4], [0, 0]] }

entry main [n] [m] (grid: *[n][m]i64) (c: bool) (xs: [m]i64) : *[n][m]i64 =
  let a = map (+ 1) xs
  let b = map (* 2) xs
  let row = if c then a else b
  in grid with [0] = row
