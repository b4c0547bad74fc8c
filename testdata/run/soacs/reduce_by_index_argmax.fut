-- description: per-bucket argmax via reduce_by_index with a tuple operator.
-- ==
-- input { [0i64, 1i64, 0i64, 1i64, 0i64] [3, 8, 9, 2, 9] } output { [2i64, 1i64] [9, 8] }
-- input { empty([0]i64) empty([0]i32) } output { [-1i64, -1i64] [-2147483648, -2147483648] }

def argmax (i1: i64, v1: i32) (i2: i64, v2: i32) : (i64, i32) =
  if v1 > v2 || (v1 == v2 && i1 < i2) then (i1, v1) else (i2, v2)

def main [n] (buckets: [n]i64) (vals: [n]i32) =
  let (is, vs) = unzip (reduce_by_index (replicate 2 (-1i64, i32.lowest)) argmax (-1, i32.lowest)
                                        buckets (zip (iota n) vals))
  in (is, vs)
