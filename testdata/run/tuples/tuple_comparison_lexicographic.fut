-- description: finding the lexicographically smallest pair with reduce over a hand-written ordering.
-- ==
-- input { [3, 1, 1, 2] [0, 9, 4, 1] } output { 1 4 }
-- input { empty([0]i32) empty([0]i32) } output { 2147483647 2147483647 }

def min_pair (a: (i32, i32)) (b: (i32, i32)) =
  if a.0 < b.0 || (a.0 == b.0 && a.1 <= b.1) then a else b

def main [n] (xs: [n]i32) (ys: [n]i32) = reduce min_pair (i32.highest, i32.highest) (zip xs ys)
