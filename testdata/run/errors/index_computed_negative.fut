-- description: a computed index that becomes negative inside a map.
-- ==
-- input { [10, 20, 30] 0i64 } output { [10, 20, 30] }
-- input { [10, 20, 30] 1i64 } error: Index \[-1\] out of bounds

def main [n] (xs: [n]i32) (shift: i64) = map (\i -> xs[i - shift]) (iota n)
