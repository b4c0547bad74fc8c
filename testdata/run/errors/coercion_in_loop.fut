-- description: a size coercion inside a loop body fails on the iteration where sizes diverge.
-- ==
-- input { 1 [1, 2] } output { [2, 4] }
-- input { 2 [1, 2] } error: cannot match shape

def main [n] (k: i32) (xs: [n]i32) =
  loop ys = xs for i < k do (map (* 2) (ys ++ replicate (i64.i32 i) 0)) :> [n]i32
