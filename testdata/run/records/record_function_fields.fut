-- description: records holding functions, applied after projection.
-- ==
-- input { 6 } output { 7 12 36 }

def main (x: i32) =
  let ops = {inc = (+ 1), dbl = (* 2), sq = \v -> v * v}
  in (ops.inc x, ops.dbl x, ops.sq x)
