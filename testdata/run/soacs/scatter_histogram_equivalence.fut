-- description: reduce_by_index with + equals counting via a sequential loop.
-- ==
-- input { [1i64, 0i64, 1i64, 2i64, 1i64] } output { true [1, 3, 1] }

def main [n] (is: [n]i64) =
  let a = reduce_by_index (replicate 3 0) (+) 0 is (replicate n 1i32)
  let b = loop c = replicate 3 0 for i in is do c with [i] = c[i] + 1
  in (a == b, a)
