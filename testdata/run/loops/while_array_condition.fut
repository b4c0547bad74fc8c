-- description: a while loop whose condition inspects the array state (repeatedly decrementing the maximum).
-- ==
-- input { [3, 1, 2] } output { [1, 1, 1] 3 }
-- input { [1, 0] } output { [1, 0] 0 }

def main [n] (xs: [n]i32) =
  loop (a, steps) = (copy xs, 0) while any (> 1) a do
    let i = (reduce (\(i, x) (j, y) -> if x >= y then (i, x) else (j, y)) (0, i32.lowest) (zip (iota n) a)).0
    in (a with [i] = a[i] - 1, steps + 1)
