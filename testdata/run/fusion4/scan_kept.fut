-- A prefix sum that is also returned is not fused with the reduction
-- reading it: the scanned array must be built anyway.
-- ==
-- input { [[1, 2], [3, 4]] }
-- output { [[1, 3], [3, 7]] [4, 10] }
-- structure { /Screma 1 /Screma/Screma 2 /Screma/Stream 0 }

def main (xss: [][]i32) : ([][]i32, []i32) =
  unzip (map (\xs ->
                let running = scan (+) 0 xs
                in (running, reduce (+) 0 running))
             xss)
