-- description: partition an array of pairs by a key and sum each side.
-- ==
-- input { [1, 2, 3, 4, 5] [true, false, true, true, false] } output { 8 7 }

def main [n] (vals: [n]i32) (keep: [n]bool) =
  let (yes, no) = partition (\(_, k) -> k) (zip vals keep)
  in (reduce (+) 0 (map (.0) yes), reduce (+) 0 (map (.0) no))
