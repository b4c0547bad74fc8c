-- description: a loop that cannot be interchanged stays in each thread
-- under `only_inner`: its bound varies with the row.
-- ==
-- entry: varying_bound
-- structure gpu { /Loop 0 }
-- input { [[1i64, 2], [3, 4]] } output { [[2i64, 4], [24i64, 32]] }

entry varying_bound [n] [m] (xss: [n][m]i64) : [n][m]i64 =
  #[flattening(only_inner)]
  map (\xs -> loop ys = xs for _i < xs[0] do map (* 2) ys) xss
