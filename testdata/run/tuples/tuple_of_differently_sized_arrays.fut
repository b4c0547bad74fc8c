-- description: returning a tuple of arrays with unrelated sizes computed at run time.
-- ==
-- input { 2i64 3i64 } output { [0i64, 1i64] [0i64, 1i64, 2i64] 5i64 }

def main (n: i64) (m: i64) =
  let t = (iota n, iota m)
  in (t.0, t.1, length t.0 + length t.1)
