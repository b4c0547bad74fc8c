-- description: argmax with reduce over (index, value) pairs, ties resolved to the lowest index.
-- ==
-- input { [3, 9, 2, 9, 1] } output { 1i64 9 }
-- input { [-5] } output { 0i64 -5 }

def main [n] (xs: [n]i32) =
  reduce (\(i, a) (j, b) -> if a > b || (a == b && i < j) then (i, a) else (j, b))
         (-1, i32.lowest)
         (zip (iota n) xs)
