-- description: map preserves the size, so map2 over an array and its image type-checks without coercion.
-- ==
-- input { [1, 2, 3] } output { [2, 6, 12] }

def main (xs: []i32) =
  let ys = map (+ 1) xs
  in map2 (*) xs ys
