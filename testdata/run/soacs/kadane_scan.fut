-- description: maximum subarray sum via an associative reduce over 4-tuples (total, best prefix, best suffix, best).
-- ==
-- input { [-2, 1, -3, 4, -1, 2, 1, -5, 4] } output { 6 }
-- input { [-3, -1, -2] } output { -1 }
-- input { [5] } output { 5 }

def combine (t1: i32, p1: i32, s1: i32, b1: i32) (t2: i32, p2: i32, s2: i32, b2: i32) =
  (t1 + t2, i32.max p1 (t1 + p2), i32.max s2 (s1 + t2), i32.max (i32.max b1 b2) (s1 + p2))

def main (xs: []i32) =
  let ne = (0, -1000000, -1000000, -1000000)
  in (reduce combine ne (map (\x -> (x, x, x, x)) xs)).3
