-- description: a slice update whose value has a different length than the slice fails.
-- ==
-- input { [1, 2, 3, 4] 0i64 2i64 [9, 9, 9] } error: cannot match shape
-- input { [1, 2, 3, 4] 0i64 2i64 [9, 9] } output { [9, 9, 3, 4] }

def main [k] (xs: *[]i32) (i: i64) (j: i64) (vs: [k]i32) = xs with [i:j] = (vs :> [j - i]i32)
