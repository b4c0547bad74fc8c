-- description: bubble sort with nested loops and in-place swaps.
-- ==
-- input { [5, 1, 4, 2, 8] } output { [1, 2, 4, 5, 8] }
-- input { [3, 3, -1] } output { [-1, 3, 3] }
-- input { empty([0]i32) } output { empty([0]i32) }

def main [n] (xs: [n]i32) =
  loop a = copy xs for i < n do
    loop a = a for j < n - 1 - i do
      if a[j] > a[j + 1]
      then let t = a[j] let a[j] = a[j + 1] let a[j + 1] = t in a
      else a
