-- description: updating only when a condition holds, in both branches returning the array.
-- ==
-- input { [5, -3, 8, -1] } output { [5, 0, 8, 0] }
-- input { empty([0]i32) } output { empty([0]i32) }

def main [n] (xs: *[n]i32) =
  loop xs for i < n do if xs[i] < 0 then xs with [i] = 0 else xs
