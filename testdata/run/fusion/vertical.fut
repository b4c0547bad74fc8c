-- Maps fuse into the map part of a reduction: one screma remains, and
-- its result is the same as unfused.
-- ==
-- input { [1, 2, 3, 4] } output { 24 }
-- input { empty([0]i32) } output { 0 }
-- structure { Screma 1 }

def main (xs: []i32) : i32 =
  let doubled = map (* 2) xs
  let plus = map (+ 1) doubled
  in reduce (+) 0 plus
