-- description: `for row in matrix` iterates over the rows of a 2D array.
-- ==
-- input { [[1, 2], [3, 4], [5, 6]] } output { [9, 12] }
-- input { empty([0][2]i32) } output { [0, 0] }

def main [n][m] (a: [n][m]i32) =
  loop acc = replicate m 0 for row in a do map2 (+) acc row
