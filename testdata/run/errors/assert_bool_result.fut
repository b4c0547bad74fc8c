-- description: assert around a whole array computation (checking sortedness of the input).
-- ==
-- input { [1, 2, 2, 7] } output { 7 }
-- input { [3, 1] } error: Assertion is false|sorted

def sorted [n] (xs: [n]i32) = all (\i -> xs[i] <= xs[i + 1]) (iota (i64.max 0 (n - 1)))

def main (xs: []i32) = assert (sorted xs) (last xs)
