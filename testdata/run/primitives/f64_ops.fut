-- description: f64 arithmetic on a vector: dot product, norm and scaling.
-- ==
-- entry: dot
-- input { [1.0, 2.0, 3.0] [4.0, -5.0, 6.0] } output { 12.0 }
-- input { empty([0]f64) empty([0]f64) } output { 0.0 }

-- ==
-- entry: norm
-- input { [3.0, 4.0] } output { 5.0 }

-- ==
-- entry: scale
-- input { 0.5 [1.0, -2.0] } output { [0.5, -1.0] }

entry dot [n] (xs: [n]f64) (ys: [n]f64) = reduce (+) 0 (map2 (*) xs ys)
entry norm (xs: []f64) = f64.sqrt (reduce (+) 0 (map (\x -> x * x) xs))
entry scale (k: f64) (xs: []f64) = map (* k) xs
