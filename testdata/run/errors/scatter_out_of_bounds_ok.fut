-- description: not an error: scatter, hist and reduce_by_index silently drop out-of-bounds indices.
-- ==
-- input { [100i64, -1i64, 1i64] } output { [0, 1] [0, 1] [0, 1] }

def main [n] (is: [n]i64) =
  ( scatter (replicate 2 0) is (replicate n 1)
  , hist (+) 0 2 is (replicate n 1)
  , reduce_by_index (replicate 2 0) (+) 0 is (replicate n 1) )
