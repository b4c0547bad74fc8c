-- description: run-length encoding written element by element into preallocated output arrays.
-- ==
-- input { [1, 1, 2, 2, 2, 3] } output { [1, 2, 3] [2, 3, 1] }
-- input { [5] } output { [5] [1] }

def main [n] (xs: [n]i32) =
  let (vals, counts, k) =
    loop (vals, counts, k) = (replicate n 0, replicate n 0, 0i64) for i < n do
      if k > 0 && vals[k - 1] == xs[i]
      then (vals, counts with [k - 1] = counts[k - 1] + 1, k)
      else (vals with [k] = xs[i], counts with [k] = 1, k + 1)
  in (vals[0:k], counts[0:k])
