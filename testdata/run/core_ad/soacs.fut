-- Derivatives through SOACs: maps, reductions, scans, histograms and
-- scatters, forward and reverse.

-- The gradient of a sum of squares is twice the point.
-- ==
-- entry: sumsq_grad
-- input { [1.0, 2.0, 3.0] } output { [2.0, 4.0, 6.0] }
entry sumsq_grad (xs: []f64) =
  vjp (\ys -> f64.sum (map (\y -> y * y) ys)) xs 1

-- A directional derivative of the same function.
-- ==
-- entry: sumsq_dir
-- input { [1.0, 2.0, 3.0] [1.0, 0.0, 2.0] } output { 14.0 }
entry sumsq_dir (xs: []f64) (v: []f64) =
  jvp (\ys -> f64.sum (map (\y -> y * y) ys)) xs v

-- A product reduction: d/dx_i prod x = prod x / x_i.
-- ==
-- entry: prod_grad
-- input { [2.0, 3.0, 4.0] } output { [12.0, 8.0, 6.0] }
entry prod_grad (xs: []f64) =
  vjp (\ys -> reduce (*) 1 ys) xs 1

-- Prefix sums carry tangents elementwise.
-- ==
-- entry: scan_fwd
-- input { [1.0, 2.0, 3.0] } output { [1.0, 3.0, 6.0] [2.0, 6.0, 12.0] }
entry scan_fwd (xs: []f64) =
  jvp2 (\ys -> scan (+) 0 ys) xs (map (* 2) xs)

-- A maximum picks its argument's tangent.
-- ==
-- entry: max_grad
-- input { [1.0, 5.0, 3.0] } output { [0.0, 1.0, 0.0] }
entry max_grad (xs: []f64) =
  vjp (\ys -> reduce f64.max f64.lowest ys) xs 1

-- A histogram adds the tangents of what falls in each bucket.
-- ==
-- entry: hist_fwd
-- input { [0i64, 1i64, 0i64] [1.0, 2.0, 3.0] } output { [4.0, 2.0] [2.0, 0.0] }
entry hist_fwd (is: []i64) (xs: []f64) =
  jvp2 (\ys -> hist (+) 0 2 is ys) xs [1, 0, 1]

-- A scatter writes the tangents where it writes the values.
-- ==
-- entry: scatter_rev
-- input { [2.0, 3.0] } output { [1.0, 2.0] }
entry scatter_rev (xs: [2]f64) =
  vjp (\ys -> let zs = scatter (replicate 3 0) [2, 0] ys
              in zs[0] * 2 + zs[2]) xs 1

-- A map whose function closes over the point.
-- ==
-- entry: closure
-- input { 3.0 [1.0, 2.0] } output { 3.0 }
entry closure (a: f64) (xs: []f64) =
  jvp (\b -> f64.sum (map (\x -> x * b) xs)) a 1
