-- description: split at a position beyond the array fails on the size coercion.
-- ==
-- input { 2i64 [1, 2, 3] } output { [1, 2] [3] }
-- input { 5i64 [1, 2, 3] } error: Index \[0:5\] out of bounds

def main (k: i64) (xs: []i32) =
  let m = length xs - k
  in split (xs :> [k + m]i32)
