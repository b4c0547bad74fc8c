-- A map over the result of a scan fuses into it as a post function: run
-- sequentially by each thread when the scan is inside a map, and at the
-- top level as well.
-- ==
-- entry: doubled_rows
-- input { [[1i32, 2, 3], [4, 5, 6]] } output { [[2i32, 6, 12], [8, 18, 30]] }
-- input { empty([0][4]i32) } output { empty([0][4]i32) }

entry doubled_rows (xss: [][]i32) : [][]i32 =
  map (\xs -> map (\y -> y * 2) (scan (+) 0 xs)) xss

-- ==
-- entry: exclusive_rows
-- input { [[3i64, 1, 4], [1, 5, 9]] } output { [[0i64, 3, 4], [0, 1, 6]] }

-- The post function reads the scanned value and the element beside it.
entry exclusive_rows (xss: [][]i64) : [][]i64 =
  map (\xs -> map2 (-) (scan (+) 0 xs) xs) xss

-- ==
-- entry: squares_of_sums
-- input { [1f32, 2, 3, 4] } output { [1f32, 9, 36, 100] }

entry squares_of_sums (xs: []f32) : []f32 =
  map (\s -> s * s) (scan (+) 0 xs)

-- ==
-- entry: sums_and_maxes
-- input { [[1i32, -2, 3], [0, 7, -1]] } output { [[2i32, 2, 4], [1, 8, 8]] [2i32, 6] }

-- A post function beside a reduction of the same rows.
entry sums_and_maxes (xss: [][]i32) : ([][]i32, []i32) =
  unzip (map (\xs -> (map (\m -> m + 1) (scan i32.max i32.lowest xs), reduce (+) 0 xs)) xss)
