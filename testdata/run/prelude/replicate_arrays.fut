-- description: replicate of arrays and of tuples; replicate 0 of a row gives an empty matrix.
-- ==
-- input { 2i64 [1, 2] } output { [[1, 2], [1, 2]] [3, 3] [true, true] }
-- input { 0i64 [1, 2] } output { empty([0][2]i32) empty([0]i32) empty([0]bool) }

def main (n: i64) (row: []i32) =
  let (xs, bs) = unzip (replicate n (3i32, true))
  in (replicate n row, xs, bs)
