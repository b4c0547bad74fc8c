-- A producer read in between (here indexed) by another statement is not
-- moved past it: two scremas stay.
-- ==
-- input { [3, 1, 2] } output { [8, 6, 7] }
-- structure { Screma 2 }

def main (xs: []i32) : []i32 =
  let ys = map (+ 1) xs
  let k = ys[0]
  in map (+ k) ys
