-- At the top level a scan with a post function is a SegScan, then a
-- SegMap applying the post function to each row: nothing runs in a
-- single thread.
-- ==
-- structure gpu { SegScan 1 SegMap 1 GPUBody 0 }
-- input { [2i64, 0, 5] } output { [3i64, 3, 8] }

entry main (xs: []i64) : []i64 =
  map (+ 1) (scan (+) 0 xs)
