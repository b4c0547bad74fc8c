-- description: reversing an array in place by swapping from both ends.
-- ==
-- input { [1, 2, 3, 4, 5] } output { [5, 4, 3, 2, 1] }
-- input { [1, 2] } output { [2, 1] }
-- input { empty([0]i32) } output { empty([0]i32) }

def main [n] (xs: *[n]i32) =
  loop xs for i < n / 2 do
    let t = xs[i]
    let xs[i] = xs[n - 1 - i]
    let xs[n - 1 - i] = t
    in xs
