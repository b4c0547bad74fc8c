-- description: scans and reductions whose operator adds rows element by
-- element run per column: the rows transposed, a segmented scan or
-- reduction with the scalar operator, transposed back.
-- ==
-- entry: cols_scan
-- structure gpu { SegScan 2 SegRed 2 If 1 /If/False/SegRed 1 }
-- input { [[1i32, 2], [3, 4], [5, 6]] } output { [[1i32, 2], [4, 6], [9, 12]] }
-- input { empty([0][2]i32) } output { empty([0][2]i32) }

entry cols_scan [n] [k] (xss: [n][k]i32) : [n][k]i32 =
  scan (map2 (+)) (replicate k 0) xss

-- ==
-- entry: cols_sum
-- input { [[1i32, 2], [3, 4], [5, 6]] } output { [9i32, 12] }
-- input { empty([0][3]i32) } output { [0i32, 0, 0] }

entry cols_sum [n] [k] (xss: [n][k]i32) : [k]i32 =
  reduce (map2 (+)) (replicate k 0) xss

-- ==
-- entry: nested_scan
-- input { [[[1i32, 2], [3, 4]], [[5, 6], [7, 8]]] }
-- output { [[[1i32, 2], [3, 8]], [[5, 6], [35, 48]]] }

entry nested_scan [m] [n] [k] (xsss: [m][n][k]i32) : [m][n][k]i32 =
  map (scan (map2 (*)) (replicate k 1)) xsss

-- ==
-- entry: nested_max
-- input { [[[1i32, 2], [3, 4]], [[5, 9], [7, 8]]] }
-- output { [[3i32, 4], [7, 9]] }

entry nested_max [m] [n] [k] (xsss: [m][n][k]i32) : [m][k]i32 =
  map (reduce (map2 i32.max) (replicate k i32.lowest)) xsss
