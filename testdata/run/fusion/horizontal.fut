-- Independent reductions and maps over one input become one screma;
-- maps over different inputs do not.
-- ==
-- input { [1, 2, 3] [4, 5, 6] } output { 6 6 [2, 3, 4] [8, 10, 12] }
-- structure { Screma 2 }

def main (xs: []i32) (ys: []i32) : (i32, i32, []i32, []i32) =
  (i32.sum xs, i32.product xs, map (+ 1) xs, map (* 2) ys)
