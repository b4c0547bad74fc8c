-- A branch whose condition the host has stays on the host; the elements
-- its arms read stay on the device (one-element arrays the branch gives)
-- and the code after it runs in one single-thread kernel, so one value
-- is read back.
-- ==
-- entry: pick
-- input { [10i64, 20i64, 30i64, 40i64] true } output { 60i64 }
-- input { [10i64, 20i64, 30i64, 40i64] false } output { 70i64 }
-- structure gpu { /If 1 /If/True/Index 0 /If/False/Index 0 /GPUBody/BinOp 1 /Index 1 }

entry pick [n] (xs: [n]i64) (c: bool) : i64 =
  let v = if c then xs[1] else xs[2]
  in v + xs[3]
