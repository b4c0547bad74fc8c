-- description: a map lambda that captures an array and a scalar from the enclosing scope.
-- ==
-- input { [1, 2, 3] [10, 20, 30] 2 } output { [21, 42, 63] }
-- input { empty([0]i32) empty([0]i32) 2 } output { empty([0]i32) }

def main [n] (xs: [n]i32) (ws: [n]i32) (k: i32) =
  map (\i -> xs[i] + ws[i] * k) (iota n)
