-- description: pairwise 1D gravitational accelerations (softened) with nested map and reduce.
-- ==
-- input { [0.0, 1.0, 3.0] [1.0, 2.0, 1.0] } output { [2.081296856477725, -0.7361199156750284, -0.6090570251276685] }

def accel [n] (xs: [n]f64) (ms: [n]f64) (i: i64) =
  reduce (+) 0 (map2 (\xj mj ->
                        let d = xj - xs[i]
                        in mj * d / f64.sqrt ((d * d + 0.01) ** 3)) xs ms)

def main [n] (xs: [n]f64) (ms: [n]f64) = map (accel xs ms) (iota n)
