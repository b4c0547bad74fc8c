-- description: an operator reading a value of its row is left to run
-- sequentially in each thread (not lifted over segments).
-- ==
-- entry: op_reads_row
-- structure gpu { SegRed 0 }
-- input { [1i64, -2i64] [4i64, 5i64] } output { [11i64, 6i64] }

entry op_reads_row (xs: []i64) (ys: []i64) : []i64 =
  #[flattening(only_inner)]
  map (\x ->
         let neg = x < 0
         in reduce (\a b -> if neg then a * b else a + b) (if neg then 1 else 0) (map (+ x) ys))
      xs
