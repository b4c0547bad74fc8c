-- description: constant sizes in types, e.g. `[3]f64` vectors, and coercion into them.
-- ==
-- input { [1.0, 2.0, 3.0] } output { [3.0, 2.0, 1.0] }

def rev3 (v: [3]f64) : [3]f64 = [v[2], v[1], v[0]]

def main (xs: []f64) = rev3 (xs :> [3]f64)
