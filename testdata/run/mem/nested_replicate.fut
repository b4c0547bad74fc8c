-- description: a replicate of a replicate of a constant is one replicate,
-- and a row written into it is built in place: one allocation.
-- ==
-- structure seq-mem { Alloc 1 }
-- structure { Replicate 1 }
-- input { 2i64 [4i32, 5] } output { [[0i32, 0], [5, 6]] }

entry main (n: i64) (xs: [n]i32) : [n][n]i32 =
  let grid = replicate n (replicate n 0)
  in grid with [1] = map (+ 1) xs
