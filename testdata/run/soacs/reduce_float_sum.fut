-- description: reduction of floats: sum, product, max with neutral elements.
-- ==
-- input { [1.0, 2.5, -0.5] } output { 3.0 -1.25 2.5 }
-- input { empty([0]f64) } output { 0.0 1.0 -f64.inf }

def main (xs: []f64) = (reduce (+) 0 xs, reduce (*) 1 xs, reduce f64.max (-f64.inf) xs)
