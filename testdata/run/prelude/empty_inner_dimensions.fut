-- description: arrays with an empty inner dimension: flatten, transpose and map keep the shape.
-- ==
-- input { 3i64 } output { empty([0]i32) empty([0][3]i32) empty([3][0]i32) 3i64 }

def main (n: i64) =
  let a : [n][0]i32 = replicate n []
  in (flatten a, transpose a, map (map (+ 1)) a, length a)
