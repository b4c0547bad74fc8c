-- description: a higher-order function that takes an index function and builds an array.
-- ==
-- input { 5i64 } output { [0i64, 1i64, 4i64, 9i64, 16i64] [0i64, 2i64, 4i64, 6i64, 8i64] }
-- input { 0i64 } output { empty([0]i64) empty([0]i64) }

def tabulate 'a (n: i64) (f: i64 -> a) : [n]a = map f (iota n)

def main (n: i64) = (tabulate n (\i -> i * i), tabulate n (* 2))
