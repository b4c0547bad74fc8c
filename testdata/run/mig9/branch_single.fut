-- A branch whose array results have one element may run in a
-- single-thread kernel: copying them costs no more than a scalar.
-- ==
-- input { [4i64, 5i64, 6i64] 1i64 } output { [5i64] }
-- input { [0i64, 5i64, 6i64] 1i64 } output { [0i64] }
-- structure gpu { /If 0 }

def main [n] (xs: [n]i64) (i: i64) : [1]i64 =
  if xs[0] != 0 then xs[i:i + 1] :> [1]i64 else xs[0:1] :> [1]i64
