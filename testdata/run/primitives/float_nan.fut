-- description: NaN propagates through arithmetic and compares unequal to everything, itself included.
-- ==
-- entry: nan_arith
-- input { 1.0f32 } output { f32.nan f32.nan }

-- ==
-- entry: nan_compare
-- input { 0.0f64 } output { false false false true }

-- ==
-- entry: zero_by_zero
-- input { 0.0f64 } output { f64.nan true }

entry nan_arith (x: f32) = (x + f32.nan, f32.nan * 0)

entry nan_compare (x: f64) =
  let n = f64.nan
  in (n == n, n < x, n >= x, n != n)

entry zero_by_zero (z: f64) = let q = z / z in (q, f64.isnan q)
