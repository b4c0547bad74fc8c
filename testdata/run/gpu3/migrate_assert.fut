-- description: an assertion on elements read from an array runs on the
-- device with the reads; nothing comes back but the constant.
-- ==
-- structure gpu { /GPUBody 1 /GPUBody/Assert 1 /Index 0 }
-- input { [3i32, 4] } output { 10i32 }
-- input { [3i32, 5] } error: xs\[0\] \+ 1 == xs\[1\]

entry main (xs: []i32) : i32 =
  assert (xs[0] + 1 == xs[1]) 10
