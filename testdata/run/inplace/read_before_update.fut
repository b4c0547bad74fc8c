-- description: a scalar read from an array before an in-place update keeps the old value.
-- ==
-- input { [10, 20, 30] 1i64 } output { 20 99 [10, 99, 30] }
-- input { [7] 0i64 } output { 7 99 [99] }

def main (xs: *[]i32) (i: i64) =
  let old = xs[i]
  let xs[i] = 99
  in (old, xs[i], xs)
