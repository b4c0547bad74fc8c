-- A value computed on the device is written back without a read.
-- ==
-- entry: scale
-- input { [1f32, 2f32, 21f32] } output { [1f32, 2f32, 3f32] }
-- structure gpu { /GPUBody 1 /Index 0 /Update 1 }

entry scale [n] (xs: *[n]f32) : *[n]f32 =
  let x = xs[2]
  in xs with [2] = x / 7

