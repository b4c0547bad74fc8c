-- description: reduce over an array of rows with an element-wise vector operator.
-- ==
-- input { [[1, 5], [3, 2], [0, 9]] } output { [3, 9] [4, 16] }
-- input { empty([0][2]i32) } output { [-2147483648, -2147483648] [0, 0] }

def main [n][m] (a: [n][m]i32) =
  (reduce (map2 i32.max) (replicate m i32.lowest) a, reduce (map2 (+)) (replicate m 0) a)
