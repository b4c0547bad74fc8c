-- description: slicing gives arrays of computed sizes; a window function over slices of fixed width.
-- ==
-- input { 2i64 [1, 2, 3, 4] } output { [3, 5, 7] }
-- input { 4i64 [1, 2, 3, 4] } output { [10] }

def main [n] (w: i64) (xs: [n]i32) =
  map (\i -> reduce (+) 0 xs[i:i + w]) (iota (n - w + 1))
