-- description: loops that cannot be interchanged stay in each thread
-- under `only_inner`: one whose bound varies with the row, one whose
-- body updates a parameter in place.
-- ==
-- entry: varying_bound
-- structure gpu { /Loop 0 }
-- input { [[1i64, 2], [3, 4]] } output { [[2i64, 4], [24i64, 32]] }

entry varying_bound [n] [m] (xss: [n][m]i64) : [n][m]i64 =
  #[flattening(only_inner)]
  map (\xs -> loop ys = xs for _i < xs[0] do map (* 2) ys) xss

-- ==
-- entry: in_place
-- input { [[1i64, 2], [3, 4]] } output { [[3i64, 4], [5i64, 6]] }

entry in_place [n] [m] (xss: [n][m]i64) : [n][m]i64 =
  #[flattening(only_inner)]
  map (\xs ->
         loop ys = copy xs for i < 2 do
           let ys = map (+ 1) ys
           in ys with [i] = ys[i])
      xss
