-- description: a segmented sum via scan over (flag, value) pairs.
-- ==
-- input { [true, false, false, true, false] [1, 2, 3, 4, 5] } output { [1, 3, 6, 4, 9] }
-- input { [false, false] [7, 8] } output { [7, 15] }

def seg_op (f1: bool, v1: i32) (f2: bool, v2: i32) : (bool, i32) =
  (f1 || f2, if f2 then v2 else v1 + v2)

def main [n] (flags: [n]bool) (vals: [n]i32) =
  let (_, sums) = unzip (scan seg_op (false, 0) (zip flags vals))
  in sums
