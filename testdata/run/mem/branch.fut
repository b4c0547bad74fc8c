-- description: both branches make their result, which goes into a row of
-- a unique matrix: each is built there, no allocation.
-- ==
-- structure seq-mem { Alloc 0 }
-- input { [[0i64, 0, 0], [0, 0, 0]] true 1i64 [5i64, 6, 7] }
-- output { [[0i64, 0, 0], [0, 1, 2]] }
-- input { [[0i64, 0, 0], [0, 0, 0]] false 0i64 [5i64, 6, 7] }
-- output { [[10i64, 12, 14], [0, 0, 0]] }

entry main [n] [m] (grid: *[n][m]i64) (c: bool) (i: i64) (xs: [m]i64) : *[n][m]i64 =
  let row = if c then iota m else map (* 2) xs
  in grid with [i] = row
