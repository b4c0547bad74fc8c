-- description: two parameters sharing a size `[n]` and a function using both.
-- ==
-- input { [1.0, 2.0] [3.0, 4.0] } output { 11.0 }

def dot [n] (a: [n]f64) (b: [n]f64) = reduce (+) 0 (map2 (*) a b)

def main [n] (a: [n]f64) (b: [n]f64) = dot a b
