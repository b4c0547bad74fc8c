-- description: the result of map is fresh (unique) and can be updated in place directly.
-- ==
-- input { [1, 2, 3] } output { [2, 4, -1] }

def main (xs: []i32) =
  let ys = map (* 2) xs
  let ys[2] = -1
  in ys
