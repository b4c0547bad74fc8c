-- description: an iota read only row by row by a map is the map's row
-- index and needs no memory; the map's result goes into the matrix row.
-- ==
-- structure seq-mem { Alloc 0 }
-- structure gpu-mem { Alloc 0 }
-- input { [[0i64, 0, 0], [0, 0, 0]] 1i64 } output { [[0i64, 0, 0], [0, 2, 4]] }

entry main [n] [m] (grid: *[n][m]i64) (i: i64) : *[n][m]i64 =
  grid with [i] = map (* 2) (iota m)
