-- A reduction over a scan's result is not a map: it is not fused into
-- the post function.
-- ==
-- input { [1, 2, 3] } output { 10 }
-- structure { Screma 2 }

def main (xs: []i32) : i32 =
  reduce (+) 0 (scan (+) 0 xs)
