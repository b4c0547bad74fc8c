-- Maps fuse into a scatter (counted as Futhark represents it, an
-- accumulator around a map) and into a histogram.
-- ==
-- input { [0i64, 2i64, 5i64] [1, 2, 3] [0, 0, 0, 0] }
-- output { [2, 0, 3, 0] [1, 1, 1, 0] }
-- structure { WithAcc 1 Screma 1 Hist 1 }

def main [n] (is: [n]i64) (vs: [n]i32) (dest: *[4]i32) : ([4]i32, [4]i32) =
  let written = scatter dest is (map (+ 1) vs)
  let counted = hist (+) 0 4 (map (% 4) is) (replicate n 1)
  in (written, counted)
