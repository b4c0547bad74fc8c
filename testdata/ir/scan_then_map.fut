-- A map over the result of a scan runs in the scan's post function: one
-- screma; the scanned array stays a result of it.
-- ==
-- input { [1, 2, 3, 4] } output { [1, 3, 6, 10] [3, 7, 13, 21] }
-- structure { Screma 1 }

def main (xs: []i32) : ([]i32, []i32) =
  let prefix = scan (+) 0 xs
  in (prefix, map (\p -> 2 * p + 1) prefix)
