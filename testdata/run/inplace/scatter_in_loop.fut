-- description: repeated scatters into a loop-carried array: each entry ends up holding its largest prime factor.
-- ==
-- input { 12i64 } output { [0, 0, 2, 3, 2, 5, 3, 7, 2, 3, 5, 11] }
-- input { 2i64 } output { [0, 0] }

-- p is prime exactly when no smaller prime has marked it; it then marks all its positive multiples.
def main (n: i64) =
  loop marks = replicate n 0i32 for p in 2..<n do
    let ks = map (\k -> if k > 0 && k % p == 0 then k else -1) (iota n)
    in if marks[p] == 0 then scatter marks ks (replicate n (i32.i64 p)) else marks
