-- description: bucketing floats into equal-width bins with hist; values outside [0,1) are dropped.
-- ==
-- input { 4i64 [0.1, 0.3, 0.35, 0.9, 1.5, -0.2] } output { [1, 2, 0, 1] }

def main (bins: i64) (xs: []f64) =
  let bin_of x = if x < 0 || x >= 1 then -1 else i64.f64 (x * f64.i64 bins)
  in hist (+) 0 bins (map bin_of xs) (map (const 1i32) xs)
