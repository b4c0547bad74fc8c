-- description: higher-order function taking two functions and combining their results.
-- ==
-- input { [1.0, 4.0, 9.0] } output { [2.0, 6.0, 12.0] }
-- input { empty([0]f64) } output { empty([0]f64) }

def combine 'a (f: a -> f64) (g: a -> f64) (x: a) = f x + g x

def main (xs: []f64) = map (combine f64.sqrt id) xs
