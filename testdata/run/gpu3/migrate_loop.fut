-- description: reads inside a host loop body (the loop launches a map)
-- are migrated within the body; the loop's results are read back.
-- ==
-- input { 3i64 [1i32, 2, 3] } output { [106i32, 107, 108] 72i32 }

entry main (n: i64) (xs: []i32) : ([]i32, i32) =
  loop (ys, acc) = (xs, 0) for _i < n do
    let s = ys[0] + ys[1] * 2
    in (map (+ s) ys, acc + ys[0] + ys[2])
