-- description: three elements read one by one and added: the additions
-- move to the device with the reads, and one value comes back.
-- ==
-- structure gpu { /GPUBody 1 /GPUBody/Index 3 /GPUBody/BinOp 2 /Index 1 /BinOp 0 }
-- input { [1.5f32, 2.0, 4.25, 8.0] } output { 7.75f32 }
-- input { [1.0f32, 2.0] } error: out of bounds

entry main (v: []f32) : f32 =
  v[0] + v[1] + v[2]
