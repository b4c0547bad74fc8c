-- description: a parallel map inside a sequential loop: a few Jacobi-like smoothing steps.
-- ==
-- input { 2 [0.0, 8.0, 0.0] } output { [2.6666666666666665, 2.6666666666666665, 2.6666666666666665] }
-- input { 0 [1.0, 2.0] } output { [1.0, 2.0] }

def main [n] (steps: i32) (xs: [n]f64) =
  loop a = xs for _s < steps do
    map (\i -> (a[i64.max 0 (i - 1)] + a[i] + a[i64.min (n - 1) (i + 1)]) / 3) (iota n)
