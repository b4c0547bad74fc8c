-- description: calling a function parameter inside a loop body.
-- ==
-- input { 5 } output { [1, 2, 4, 8, 16] }
-- input { 0 } output { empty([0]i32) }

def powers (f: i32 -> i32) (n: i64) =
  let (out, _) = loop (out, v) = (replicate n 0, 1) for i < n do (out with [i] = v, f v)
  in out

def main (n: i32) = powers (* 2) (i64.i32 n)
