-- description: `for (x, y) in zip xs ys` destructures tuples in the loop pattern.
-- ==
-- input { [1, 2, 3] [4, 5, 6] } output { 32 }
-- input { [-1] [-1] } output { 1 }

def main [n] (xs: [n]i32) (ys: [n]i32) =
  loop acc = 0 for (x, y) in zip xs ys do acc + x * y
