-- description: combining arrays of different lengths via a size coercion fails before map2 runs.
-- ==
-- input { [1, 2] [1, 2, 3] } error: cannot match shape
-- input { [1, 2] [3, 4] } output { [4, 6] }

def main [n] (xs: [n]i32) (ys: []i32) = map2 (+) xs (ys :> [n]i32)
