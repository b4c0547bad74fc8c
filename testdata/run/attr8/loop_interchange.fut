-- description: under `only_inner`, a map ending in a `for` loop whose
-- body is parallel becomes the statements before the loop as a map of
-- their own, then the loop on the host over a map of its rows.
-- ==
-- structure gpu { /Loop 1 /Loop/ForLoop 1 /Loop/SegMap 1 If 0 }
-- input { [[1i64, 2, 3], [4, 5, 6]] }
-- output { [[8i64, 10, 12], [14i64, 16, 18]] }
-- input { empty([0][3]i64) } output { empty([0][3]i64) }

entry main [n] [m] (xss: [n][m]i64) : [n][m]i64 =
  #[flattening(only_inner)]
  map (\xs ->
         let ys = map (* 2) xs
         in loop zs = ys for i < 4 do map (+ i) zs)
      xss
