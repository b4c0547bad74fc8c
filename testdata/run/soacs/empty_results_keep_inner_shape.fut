-- description: SOACs over empty arrays must still produce results with the right inner dimensions.
-- ==
-- entry: map_to_pairs
-- input { empty([0]i32) } output { empty([0][2]i32) }
-- input { [7] } output { [[7, 7]] }

-- ==
-- entry: filter_rows
-- input { [[1, 2], [3, 4]] 100 } output { empty([0][2]i32) }
-- input { [[1, 2], [300, 4]] 100 } output { [[300, 4]] }

-- ==
-- entry: rows_of_iota
-- input { 0i64 3i64 } output { empty([0][3]i64) }

-- ==
-- entry: scan_rows
-- input { empty([0][4]f32) } output { empty([0][4]f32) }

entry map_to_pairs (xs: []i32) = map (\x -> [x, x]) xs
entry filter_rows [m] (rows: [][m]i32) (limit: i32) = filter (\r -> r[0] > limit) rows
entry rows_of_iota (n: i64) (m: i64) = replicate n (iota m)
entry scan_rows [m] (rows: [][m]f32) = scan (map2 (+)) (replicate m 0) rows
