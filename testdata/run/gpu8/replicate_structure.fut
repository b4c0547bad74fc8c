-- `replicate 1 (replicate 1 x)` of a device read: one single-thread
-- kernel, holding the outer replicate.
-- ==
-- input { [9i64, 1i64] } output { [[9i64]] }
-- structure gpu { /GPUBody/Replicate 1 /Replicate 0 /Index 0 }

entry main [n] (xs: [n]i64) : *[1][1]i64 = replicate 1 (replicate 1 xs[0])
