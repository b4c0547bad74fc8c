-- description: reshaping a vector into rows of a given width via size coercion and unflatten.
-- ==
-- input { 2i64 [1, 2, 3, 4, 5, 6] } output { [[1, 2], [3, 4], [5, 6]] }
-- input { 3i64 [1, 2, 3, 4, 5, 6] } output { [[1, 2, 3], [4, 5, 6]] }

def main [n] (w: i64) (xs: [n]i32) =
  let rows = n / w
  in unflatten (xs :> [rows * w]i32)
