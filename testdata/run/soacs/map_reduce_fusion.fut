-- description: a map feeding a reduce and a scan; sum of squares and running sum of squares.
-- ==
-- input { [1, 2, 3] } output { 14 [1, 5, 14] }
-- random input { [100]i32 }

def main (xs: []i32) =
  let sq = map (\x -> x * x) xs
  in (reduce (+) 0 sq, scan (+) 0 sq)
