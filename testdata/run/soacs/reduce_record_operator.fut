-- description: reduce over records computing count, sum and sum of squares (mean and variance).
-- ==
-- input { [2.0, 4.0, 4.0, 4.0, 5.0, 5.0, 7.0, 9.0] } output { 5.0 4.0 }

type stats = {n: f64, s: f64, ss: f64}

def combine (a: stats) (b: stats) : stats = {n = a.n + b.n, s = a.s + b.s, ss = a.ss + b.ss}

def main (xs: []f64) =
  let t = reduce combine {n = 0, s = 0, ss = 0} (map (\x -> {n = 1, s = x, ss = x * x}) xs)
  let mean = t.s / t.n
  in (mean, t.ss / t.n - mean * mean)
