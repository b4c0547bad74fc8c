-- description: arrays too large for the interpreter are refused with an error before they are allocated, never with a crash.
-- ==
-- input { empty([4611686018427387904][0]f64) } error: too large|memory limit
-- input { empty([0][3]f64) } output { empty([0]f64) }

def main (xs: [][]f64) = map (\r -> f64.sum r) xs
