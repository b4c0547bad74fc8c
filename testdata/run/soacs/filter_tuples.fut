-- description: filter over an array of tuples, then unzip.
-- ==
-- input { [1, 2, 3, 4] [1.0, -1.0, 2.0, -2.0] } output { [1, 3] [1.0, 2.0] }
-- input { [1] [-0.0] } output { empty([0]i32) empty([0]f64) }

def main [n] (ids: [n]i32) (vals: [n]f64) =
  unzip (filter (\(_, v) -> v > 0) (zip ids vals))
