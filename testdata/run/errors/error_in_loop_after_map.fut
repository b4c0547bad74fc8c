-- description: an index error in a sequential loop that consumes the result of a map.
-- ==
-- input { [2, 0, 1] } output { 6 }
-- input { [0, 1, 5] } error: Index \[5\] out of bounds for array of shape \[3\]

-- Each input value is used as an index into the doubled array.
def main [n] (xs: [n]i32) =
  let ys = map (* 2) xs
  in loop s = 0 for i < n do s + ys[xs[i]]
