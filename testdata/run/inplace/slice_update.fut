-- description: updating a slice `a with [i:j] = vs`.
-- ==
-- input { [1, 2, 3, 4, 5] 1i64 [9, 9] } output { [1, 9, 9, 4, 5] }
-- input { [1, 2, 3] 0i64 empty([0]i32) } output { [1, 2, 3] }

def main [k] (xs: *[]i32) (i: i64) (vs: [k]i32) = xs with [i:i + k] = vs
