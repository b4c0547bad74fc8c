-- description: take and drop result sizes are k and n - k.
-- ==
-- input { 2i64 [1, 2, 3, 4, 5] } output { [1, 2] [3, 4, 5] 5i64 }
-- input { 0i64 [1] } output { empty([0]i32) [1] 1i64 }

def main [n] (k: i64) (xs: [n]i32) =
  let a : [k]i32 = take k xs
  let b : [n - k]i32 = drop k xs
  in (a, b, length a + length b)
