-- A bounds check inside a kernel reports the index, the shape and the
-- location, as the interpreter does.
-- ==
-- entry: pick
-- input { [1i32, 2, 3] [0i64, 5] } error: Index \[5\] out of bounds for array of shape \[3\]

entry pick (xs: []i32) (is: []i64) : []i32 = map (\i -> xs[i]) is

-- ==
-- entry: divide
-- input { [4i32, 9] 2i32 } output { [2i32, 4] }

entry divide (xs: []i32) (d: i32) : []i32 = map (/ d) xs
