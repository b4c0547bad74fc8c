-- description: reduce over pairs computing sum and count, then the mean.
-- ==
-- input { [2.0, 4.0, 9.0] } output { 5.0 }
-- input { [1.5] } output { 1.5 }

def main (xs: []f64) =
  let (s, c) = reduce (\(s1, c1) (s2, c2) -> (s1 + s2, c1 + c2)) (0, 0) (map (\x -> (x, 1f64)) xs)
  in s / c
