-- description: binary search in a sorted array with a while loop.
-- ==
-- input { [1, 3, 5, 7, 9, 11] 7 } output { 3i64 }
-- input { [1, 3, 5, 7, 9, 11] 4 } output { -1i64 }
-- input { empty([0]i32) 4 } output { -1i64 }

def main [n] (xs: [n]i32) (key: i32) =
  let (lo, hi) =
    loop (lo, hi) = (0, n) while lo < hi do
      let mid = (lo + hi) / 2
      in if xs[mid] < key then (mid + 1, hi) else (lo, mid)
  in if lo < n && xs[lo] == key then lo else -1
