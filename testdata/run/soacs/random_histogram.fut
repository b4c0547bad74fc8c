-- description: a random-input smoke test for hist with computed bins (the sum of counts equals n).
-- ==
-- random input { [250]i32 }
-- input { [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] } output { true [1, 1, 1, 1, 1, 1, 1, 1, 1, 1] }

def main [n] (xs: [n]i32) =
  let bins = hist (+) 0 10 (map (\x -> i64.i32 (i32.abs x % 10)) xs) (replicate n 1i32)
  in (i64.i32 (reduce (+) 0 bins) == n, bins)
