-- description: a function returning a unique array that the caller updates further.
-- ==
-- input { 4i64 } output { [1, 1, 1, 42] }
-- input { 1i64 } output { [42] }

def ones (n: i64) : *[]i32 = replicate n 1

def main (n: i64) =
  let a = ones n
  in a with [n - 1] = 42
