-- description: a while loop on floats: halving until below a threshold, counting steps.
-- ==
-- input { 1.0 0.001 } output { 10 }
-- input { 0.0001 0.001 } output { 0 }

def main (x: f64) (eps: f64) =
  let (_, n) = loop (v, n) = (x, 0i32) while v >= eps do (v / 2, n + 1)
  in n
