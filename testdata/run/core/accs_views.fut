-- Accumulator streams and flat views, which the core back end runs as
-- loops, maps and scatters.

def put (acc: *intrinsics.acc ([]i64)) (i: i64) : *intrinsics.acc ([]i64) =
  intrinsics.acc_write acc (i % 3) (i * 10)

-- The last write to a place wins; writes out of bounds do nothing.
-- ==
-- entry: stream_scatter
-- input { [1i64, 2i64, 3i64] } output { [30i64, 40i64, 20i64] }
entry stream_scatter (xs: *[]i64) =
  intrinsics.scatter_stream xs put (iota 5)

-- A histogram stream combines with its operator.
-- ==
-- entry: stream_hist
-- input { [0i64, 0i64, 0i64] } output { [30i64, 50i64, 70i64] }
entry stream_hist (xs: *[]i64) =
  intrinsics.hist_stream xs (+) 0 put (iota 6)

-- An anti-diagonal of a 3x3 matrix stored flat, read and written.
-- ==
-- entry: antidiag
-- input { [1i32, 2i32, 3i32, 4i32, 5i32, 6i32, 7i32, 8i32, 9i32] }
-- output { [[3i32], [5i32], [7i32]] [1i32, 2i32, 0i32, 4i32, 0i32, 6i32, 0i32, 8i32, 9i32] }
entry antidiag (xs: *[9]i32) =
  let d = intrinsics.flat_index_2d xs 2 3 2 1 1
  in (d, intrinsics.flat_update_2d (copy xs) 2 2 1 [[0], [0], [0]])

-- A view reaching outside the array fails.
-- ==
-- entry: outside
-- input { [1i32, 2i32] } error: out of bounds
entry outside (xs: [2]i32) = intrinsics.flat_index_2d xs 1 2 1 1 1
