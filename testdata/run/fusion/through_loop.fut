-- A map whose result is read inside a loop stays apart from the
-- reduction in the loop (a dependency through a loop).
-- ==
-- input { [1, 2, 3] 2i64 } output { 18 }
-- structure { /Screma 1 /Loop/Screma 1 }

def main (xs: []i32) (k: i64) : i32 =
  let ys = map (* 2) xs
  in loop acc = 0 for _i < k do acc + i32.sum (map (+ 0) ys) / 2 * 3 / 2
