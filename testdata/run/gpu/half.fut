-- Half-precision values cross between host and device intact: uploaded
-- arrays, single elements written and read on the host, scalars passed to
-- kernels and results read back.
-- ==
-- entry: write_one
-- input { [1f16, 2f16, 3f16] 0.5f16 } output { [1f16, 0.5f16, 3f16] 0.5f16 }

entry write_one (xs: *[]f16) (x: f16) : ([]f16, f16) =
  let ys = xs with [1] = x
  in (ys, ys[1])

-- ==
-- entry: scale
-- input { [1f16, 2f16, 8f16] 0.5f16 } output { [0.5f16, 1f16, 4f16] 13.5f16 }

entry scale (xs: []f16) (k: f16) : ([]f16, f16) =
  (map (* k) xs, reduce (+) 0 (map (* k) xs) + xs[2])

-- ==
-- entry: rounds
-- input { [2049f16] } output { [2048f16] }

-- 2049 has no half-precision form: it rounds to even.
entry rounds (xs: []f16) : []f16 = map (+ 1) (map (\x -> x - 1) xs)
