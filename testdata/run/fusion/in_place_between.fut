-- An in-place update of the producer's input in between keeps the two
-- maps apart (moving the producer past it would read the new value).
-- ==
-- input { [1, 2, 3] } output { [5, 2, 3] [15, 20, 25] }
-- structure { Screma 2 Update 1 }

def main (xs: *[]i32) : ([]i32, []i32) =
  let ys = map (+ 2) xs
  let xs[0] = 5
  let zs = map (* xs[0]) ys
  in (xs, zs)
