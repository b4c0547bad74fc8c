-- A reduction's result the host needs (a branch's condition, a result)
-- is read back once, by its launch.
-- ==
-- input { [1i64, 2i64, 3i64] } output { 7i64 }
-- input { [1i64, -9i64] } output { -8i64 }
-- structure gpu { Index 0 GPUBody 0 SegRed 1 }

def main [n] (xs: [n]i64) : i64 =
  let s = i64.sum xs
  in if s > 0 then s + 1 else s
