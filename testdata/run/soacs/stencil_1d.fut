-- description: a 1D three-point averaging stencil with clamped boundaries.
-- ==
-- input { [3.0, 6.0, 9.0, 12.0] } output { [4.0, 6.0, 9.0, 11.0] }
-- input { [1.0] } output { [1.0] }

def main [n] (xs: [n]f64) =
  map (\i ->
         let l = xs[i64.max 0 (i - 1)]
         let r = xs[i64.min (n - 1) (i + 1)]
         in (l + xs[i] + r) / 3)
      (iota n)
