-- description: a map whose lambda computes scalars, reduces an array of
-- a width the host knows with a neutral element of its own (neutral in
-- value), then computes more: one segmented reduction with the operator
-- lifted over a tag (an empty row gives the lambda's neutral element),
-- between a SegMap for the statements before and one for those after.
-- ==
-- entry: shifted
-- structure gpu { /SegMap 2 /SegRed 1 /SegScan 0 }
-- input { [1i64, -2i64, 3i64] [4i64, 5i64] }
-- output { [12i64, -34i64, 18i64] }
-- input { [1i64, -2i64] empty([0]i64) }
-- output { [1i64, 2i64] }
-- input { empty([0]i64) [4i64, 5i64] }
-- output { empty([0]i64) }

entry shifted (xs: []i64) (ys: []i64) : []i64 =
  #[flattening(only_inner)]
  map (\x ->
         let neg = x < 0
         let ne = x - x
         let r = reduce (+) ne (map (\y -> if neg then y * x else y + x) ys)
         in if neg then r * 2 + 2 else r + x)
      xs

