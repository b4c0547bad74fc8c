-- description: `iota n` has size n, so zipping with an [n] array needs no coercion.
-- ==
-- input { [5, 6, 7] } output { [5i64, 7i64, 9i64] }

def main [n] (xs: [n]i32) = map2 (\i x -> i + i64.i32 x) (iota n) xs
