-- description: sequential prefix sum computed in place.
-- ==
-- input { [1, 2, 3, 4] } output { [1, 3, 6, 10] }
-- input { [5] } output { [5] }

def main [n] (xs: *[n]i32) =
  loop xs for i in 1..<n do xs with [i] = xs[i] + xs[i - 1]
