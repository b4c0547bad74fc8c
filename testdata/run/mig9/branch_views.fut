-- A branch or loop that may give back an array it did not build (a
-- parameter, a slice or reshape of one) stays on the host: a
-- single-thread kernel would copy that array element by element. Only
-- its condition is read.
-- ==
-- entry: pick
-- input { [0i64, 5i64, 6i64, 7i64] 2i64 } output { [0i64, 5i64] }
-- input { [1i64, 5i64, 6i64, 7i64] 2i64 } output { [5i64, 6i64] }
-- input { [1i64, 5i64] 2i64 } error: out of bounds
-- structure gpu { /GPUBody 0 /If 1 /Loop 1 /Loop/If 1 }

entry pick [n] (xs: [n]i64) (m: i64) : [m]i64 =
  if xs[0] == 0 then xs[:m] else xs[1:m + 1] :> [m]i64

-- ==
-- entry: keep
-- input { [3i64, 1i64, 2i64] } output { [7i64, 8i64, 0i64] }
-- input { [5i64, 1i64, 2i64] } output { [7i64, 8i64, 4i64] }
-- input { [0i64, 1i64, 2i64] } output { [0i64, 1i64, 2i64] }

entry keep (xs: [3]i64) : [3]i64 =
  loop ys = xs for i < xs[0] do
    if i % 4 != 0 then ys else [7, 8, i]
