-- description: in-place update of an element of an array of tuples.
-- ==
-- input { [1, 2] [true, false] 1i64 } output { [1, 99] [true, true] }

def main [n] (as: [n]i32) (bs: [n]bool) (i: i64) =
  let ps = zip as bs
  let ps[i] = (99, true)
  in unzip ps
