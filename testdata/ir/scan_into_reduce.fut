-- Inside a map, a prefix sum read only by a reduction (zipped with another
-- row) becomes one sequential stream: no scanned array is built.
-- ==
-- input { [[1, 2, 3], [4, 5, 6]] [1, 0, 2] }
-- output { [23, 65] }
-- input { empty([0][3]i32) [1, 0, 2] }
-- output { empty([0]i32) }
-- structure { /Screma 1 /Screma/Stream 1 /Screma/Stream/Loop 1 }

def main [m] (xss: [][m]i32) (ws: [m]i32) : []i32 =
  map (\xs ->
         let running = scan (+) 0 (map (* 2) xs)
         in reduce (+) 0 (map2 (\r w -> r * w - 1) running ws))
      xss
