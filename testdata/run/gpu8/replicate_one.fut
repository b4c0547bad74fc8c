-- A replicate of one row of a device read is a single-thread kernel
-- (nothing read back); so is one of a row such a kernel gave.
-- ==
-- entry: one
-- input { [7i32, 8i32] } output { [7i32] }

entry one [n] (xs: [n]i32) : *[1]i32 = replicate 1 xs[1 - 1]

-- ==
-- entry: nested
-- input { [5i32] } output { [[5i32]] }

entry nested [n] (xs: [n]i32) : *[1][1]i32 = replicate 1 (replicate 1 xs[0])

-- ==
-- entry: wide
-- input { [6i32, 1i32] 3i64 } output { [[6i32], [6i32], [6i32]] }
-- input { [6i32, 1i32] 0i64 } output { empty([0][1]i32) }

entry wide [n] (xs: [n]i32) (m: i64) : *[m][1]i32 = replicate m (replicate 1 xs[0])
