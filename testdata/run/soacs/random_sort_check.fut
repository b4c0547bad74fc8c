-- description: a random-input smoke test: counting sign classes with two partitions, plus a checksum.
-- ==
-- random input { [300]i32 }
-- random input { [0]i32 }
-- input { [-1, 0, 1, 2] } output { 1i64 1i64 2i64 2 }

def main (xs: []i32) =
  let (neg, rest) = partition (< 0) xs
  let (zero, pos) = partition (== 0) rest
  in (length neg, length zero, length pos, reduce (+) 0 xs)
