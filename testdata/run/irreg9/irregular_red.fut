-- description: a map reducing a range whose length each element
-- computes (irregular nested parallelism) is flattened: the sizes'
-- flat index space (`segiota`, and `repiota` where the mapped function
-- reads values of its segment), one segmented scan over all the inner
-- elements, and each segment's last scanned value (the neutral element
-- for an empty segment).
-- ==
-- entry: triangle
-- structure gpu { /SegScan 1 /Apply/segiota 1 /Apply/repiota 0 SegRed 0 }
-- input { [3i64, 0i64, 5i64, 1i64, 0i64] } output { [9i64, 7i64, 25i64, 1i64, 7i64] }
-- input { empty([0]i64) } output { empty([0]i64) }
-- input { [0i64, 0i64] } output { [7i64, 7i64] }

entry triangle (ns: []i64) : []i64 =
  #[flattening(only_inner)]
  map (\n ->
         let base = if n == 0 then 7 else 0
         in reduce (+) base (map (\i -> 2 * i) (iota n)) + n)
      ns
