-- description: taking more elements than the array holds is an out-of-bounds slice.
-- ==
-- input { 4i64 [1, 2, 3] } error: out of bounds
-- input { -1i64 [1, 2, 3] } error: out of bounds
-- input { 3i64 [1, 2, 3] } output { [1, 2, 3] }

def main (k: i64) (xs: []i32) = take k xs
