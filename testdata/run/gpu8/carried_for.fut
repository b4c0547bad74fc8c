-- A `for` loop of scalar code stays on the host and runs a
-- single-thread kernel per iteration; its scalar parameters stay on the
-- device (one-element arrays), read back once after the loop.
-- ==
-- entry: total
-- input { [1f32, 2f32, 3f32, 4f32] } output { 10f32 }
-- input { empty([0]f32) } output { 0f32 }
-- structure gpu { /Loop/Index 0 /Loop/GPUBody 1 /Index 1 }

entry total [n] (xs: [n]f32) : f32 =
  loop acc = 0 for i < n do acc + xs[i]
