-- description: insertion sort using loop-carried in-place updates.
-- ==
-- input { [4, 3, 1, 2] } output { [1, 2, 3, 4] }
-- input { [1] } output { [1] }
-- input { [2, -1, 2, -1] } output { [-1, -1, 2, 2] }

def main [n] (input: [n]i32) =
  loop a = copy input for i in 1..<n do
    let (a, _) =
      loop (a, j) = (a, i) while j > 0 && a[j - 1] > a[j] do
        let t = a[j]
        let a[j] = a[j - 1]
        let a[j - 1] = t
        in (a, j - 1)
    in a
