-- description: a running statistics record updated per element (min, max, mean).
-- ==
-- input { [2.0, 8.0, 5.0] } output { 2.0 8.0 5.0 }
-- input { [-1.0] } output { -1.0 -1.0 -1.0 }

def main (xs: []f64) =
  let s = loop s = {lo = f64.inf, hi = -f64.inf, sum = 0f64, n = 0i64} for x in xs do
            {lo = f64.min s.lo x, hi = f64.max s.hi x, sum = s.sum + x, n = s.n + 1}
  in (s.lo, s.hi, s.sum / f64.i64 s.n)
