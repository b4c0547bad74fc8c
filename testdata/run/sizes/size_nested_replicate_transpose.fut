-- description: the sizes of replicate n (replicate m x) and of its transpose.
-- ==
-- input { 2i64 3i64 } output { 3i64 2i64 [[1, 1], [1, 1], [1, 1]] }

def main (n: i64) (m: i64) =
  let t = transpose (replicate n (replicate m 1i32))
  in (length t, length t[0], t)
