-- description: a helper with a unique parameter called from a loop on the loop-carried array.
-- ==
-- input { 4i64 } output { [3i64, 2i64, 1i64, 0i64] }
-- input { 0i64 } output { empty([0]i64) }

def set (a: *[]i64) (i: i64) (v: i64) : *[]i64 = a with [i] = v

def main (n: i64) =
  loop a = replicate n 0 for i < n do set a i (n - 1 - i)
