-- description: row sums and column sums of a matrix with nested SOACs.
-- ==
-- input { [[1, 2, 3], [4, 5, 6]] } output { [6, 15] [5, 7, 9] }
-- input { empty([0][3]i32) } output { empty([0]i32) [0, 0, 0] }

def main [n][m] (a: [n][m]i32) =
  (map (reduce (+) 0) a, map (reduce (+) 0) (transpose a))
