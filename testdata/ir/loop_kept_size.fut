-- A loop that updates its array in place keeps the array's size, so the
-- map around it gives arrays of a size known before it runs, and it fuses
-- with the scan and the map after it.
-- ==
-- input { 2i64 [1, 2, 3] } output { [6, 12, 19] }
-- structure { Screma 1 }

def main [n] (m: i64) (xs: [n]i32) : [n]i32 =
  let (firsts, rows) =
    unzip (map (\x -> (x, loop acc = replicate m x for i < m do acc with [i] = acc[i] * 2 + i32.i64 i)) xs)
  let sums = scan (+) 0 firsts
  in map2 (\s r -> s + r[0] + r[1]) sums rows
