-- description: a function promising `[n]` results coerces a differently-sized array and fails at run time.
-- ==
-- input { 3i64 } output { [0i64, 1i64, 2i64] }
-- input { 0i64 } error: cannot match shape

def squares (n: i64) : [n]i64 = (filter (\i -> i >= 0) (iota 3)) :> [n]i64

def main (n: i64) = squares n
