-- description: f32.isnan and f32.isinf on computed values.
-- ==
-- entry: checks
-- input { [0.0f32, 1.0f32, -1.0f32] }
-- output { [true, false, false] [false, true, true] }

-- Dividing each value by zero: 0/0 is NaN, the others infinite.
entry checks (xs: []f32) =
  let ys = map (/ 0) xs
  in (map f32.isnan ys, map f32.isinf ys)
