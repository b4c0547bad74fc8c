-- description: counting sort of small non-negative keys using in-place counters and output writes.
-- ==
-- input { 4i64 [3i64, 1i64, 0i64, 3i64, 1i64] } output { [0i64, 1i64, 1i64, 3i64, 3i64] }
-- input { 2i64 empty([0]i64) } output { empty([0]i64) }

def main [n] (k: i64) (xs: [n]i64) =
  let counts = loop c = replicate k 0i64 for x in xs do c with [x] = c[x] + 1
  let (out, _) =
    loop (out, pos) = (replicate n 0i64, 0) for v < k do
      let out = loop out for j < counts[v] do out with [pos + j] = v
      in (out, pos + counts[v])
  in out
