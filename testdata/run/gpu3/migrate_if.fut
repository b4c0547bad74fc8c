-- description: a branch on an element, choosing between two others,
-- runs with its condition in one single-thread kernel; its result is
-- the one value read back.
-- ==
-- structure gpu { /GPUBody 1 /GPUBody/CmpOp 1 /GPUBody/If 1 /Index 1 }
-- input { [0i64, 5, 6] } output { 5i64 }
-- input { [1i64, 5, 6] } output { 6i64 }

entry main (xs: []i64) : i64 =
  if xs[0] == 0 then xs[1] else xs[2]
