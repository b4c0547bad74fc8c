-- description: foldl over the rows of a matrix with an array accumulator.
-- ==
-- input { [[1, 2], [3, 4], [5, 6]] } output { [9, 12] [6, 5] }

def main [m] (a: [][m]i32) =
  (foldl (map2 (+)) (replicate m 0) a, foldr (\row acc -> map2 i32.max acc (reverse row)) (replicate m 0) a)
