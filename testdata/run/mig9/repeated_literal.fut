-- An array literal repeating one scalar variable is a replicate (Futhark's
-- simplifier makes it one), built by a grid kernel; literals of distinct
-- values stay literals (Futhark migrates those of scalar variables: one
-- single-thread kernel, for `distinct`).
-- ==
-- entry: one
-- input { 7i64 } output { [7i64] }
-- structure gpu { GPUBody 1 Replicate 2 /GPUBody/ArrayLit 1 }

entry one (x: i64) : [1]i64 = opaque [x]

-- ==
-- entry: three
-- input { 2i32 5i64 } output { [7i32, 7i32, 7i32] }

entry three (x: i32) (y: i64) : [3]i32 =
  let z = x + i32.i64 y
  in [z, z, z]

-- ==
-- entry: distinct
-- input { 1i64 2i64 } output { [1i64, 2i64, 1i64] }

entry distinct (x: i64) (y: i64) : [3]i64 = [x, y, x]
