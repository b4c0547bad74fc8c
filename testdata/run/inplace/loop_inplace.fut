-- description: loop-carried in-place updates fill an array with squares.
-- ==
-- input { 5i64 } output { [0i64, 1i64, 4i64, 9i64, 16i64] }
-- input { 0i64 } output { empty([0]i64) }

def main (n: i64) =
  loop a = replicate n 0 for i < n do a with [i] = i * i
