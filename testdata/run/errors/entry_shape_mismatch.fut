-- description: a size-polymorphic function applied to arrays of different lengths after coercing one of them fails.
-- ==
-- input { [1.0, 2.0] [3.0, 4.0] } output { 11.0 }
-- input { [1.0, 2.0] [3.0] } error: cannot match shape

def dot [n] (a: [n]f64) (b: [n]f64) = reduce (+) 0 (map2 (*) a b)

def main [n][m] (a: [n]f64) (b: [m]f64) = dot a (b :> [n]f64)
