-- description: in-place updates of two arrays held in a loop state tuple.
-- ==
-- input { [3, 1, 2] } output { [3, 3, 3] [0i64, 0i64, 0i64] }
-- input { [1, 5, 2, 7] } output { [1, 5, 5, 7] [0i64, 1i64, 1i64, 3i64] }

-- Running maximum and the index where it was found.
def main [n] (xs: [n]i32) =
  loop (m, at) = (replicate n 0, replicate n 0i64) for i < n do
    if i == 0 || xs[i] > m[i - 1]
    then (m with [i] = xs[i], at with [i] = i)
    else (m with [i] = m[i - 1], at with [i] = at[i - 1])
