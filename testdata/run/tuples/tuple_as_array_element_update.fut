-- description: replacing one component of each pair in an array of pairs.
-- ==
-- input { [1, 2, 3] [4, 5, 6] } output { [1, 2, 3] [0, 0, 0] }

def main [n] (as: [n]i32) (bs: [n]i32) =
  unzip (map (\(a, _) -> (a, 0)) (zip as bs))
