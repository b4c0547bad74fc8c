-- Two scans, each followed by a map, and a reduction over the first
-- map's result: the second scan and the reduction read a value the first
-- screma computes after its scan, so they stay apart from it but fuse
-- with each other and with the last map.
-- ==
-- input { [1, 2, 3] } output { 18 [2, 8, 20] [3, 7, 13] }
-- structure { Screma 2 }

def main (xs: []i32) : (i32, []i32, []i32) =
  let a = scan (+) 0 xs
  let b = map (* 2) a
  let c = scan (+) 0 b
  let d = map (+ 1) b
  in (reduce (*) 1 (map (/ 2) b), c, d)
