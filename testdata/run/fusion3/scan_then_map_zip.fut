-- The map after the scan also reads an array the scan does not make
-- (and one mapped before the scan): it travels through the scan's map
-- function to the post function.
-- ==
-- input { [1, 2, 3] [10, 20, 30] } output { [11, 23, 36] [2, 4, 6] }
-- structure { Screma 1 }

def main (xs: []i32) (ys: []i32) : ([]i32, []i32) =
  let doubled = map (* 2) xs
  let sums = scan (+) 0 xs
  in (map2 (+) sums ys, doubled)
