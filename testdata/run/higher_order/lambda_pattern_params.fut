-- description: lambdas with tuple and record patterns as parameters.
-- ==
-- input { [1, 2] [3, 4] } output { [3, 8] [4, 6] }

def main [n] (as: [n]i32) (bs: [n]i32) =
  let pairs = zip as bs
  in (map (\(a, b) -> a * b) pairs,
      map (\{x, y} -> x + y) (map (\(a, b) -> {x = a, y = b}) pairs))
