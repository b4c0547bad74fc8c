-- The device-to-device copy bandwidth: one kernel reading and writing
-- every element once (bytes moved: twice the array's size). A plain
-- `copy xs` would be elided (nothing consumes it), so each element is
-- doubled on the way.
-- ==
-- input { [1f32, 2f32] } output { [2f32, 4f32] }
-- random input { [1000]f32 }
-- notest random input { [100000000]f32 }

entry main (xs: []f32) : []f32 = map (* 2) xs
