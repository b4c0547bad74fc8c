-- description: computing a row of Pascal's triangle by repeated pairwise addition in a loop.
-- ==
-- input { 4i64 } output { [1, 4, 6, 4, 1] }
-- input { 0i64 } output { [1] }

def main (n: i64) =
  loop row = [1i32] for i < n do
    map (\j -> (if j == 0 then 0 else row[j - 1]) + (if j == i + 1 then 0 else row[j])) (iota (i + 2))
