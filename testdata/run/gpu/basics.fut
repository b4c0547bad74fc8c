-- Maps, reductions and scans on the OpenCL backend.
-- ==
-- entry: sum_squares
-- input { [1i32, 2, 3, 4] } output { 30i32 }
-- input { empty([0]i32) } output { 0i32 }

entry sum_squares (xs: []i32) : i32 = reduce (+) 0 (map (\x -> x * x) xs)

-- ==
-- entry: prefix
-- input { [1i64, 2, 3, 4, 5] } output { [1i64, 3, 6, 10, 15] }

entry prefix (xs: []i64) : []i64 = scan (+) 0 xs

-- ==
-- entry: scale
-- input { 2f32 [1f32, 2, 3] } output { [2f32, 4, 6] }

entry scale (a: f32) (xs: []f32) : []f32 = map (* a) xs
