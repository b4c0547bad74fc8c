-- description: a slice is checked by the elements it selects: its end may lie
-- beyond the array when its last element does not, a slice that selects
-- nothing is valid wherever it starts, and one that runs away from its end
-- or reaches outside the array is an error (going down, the end may not be
-- below -1).
-- ==
-- input { [0, 1, 2, 3, 4, 5, 6, 7] 7i64 9i64 2i64 } output { [7] }
-- input { [0, 1, 2, 3, 4, 5, 6, 7] 1i64 10i64 3i64 } output { [1, 4, 7] }
-- input { [0, 1, 2, 3, 4, 5, 6, 7] 0i64 -1i64 -2i64 } output { [0] }
-- input { [0, 1, 2, 3, 4, 5, 6, 7] 0i64 -3i64 -2i64 } error: out of bounds
-- input { [0, 1, 2, 3, 4, 5, 6, 7] 10i64 10i64 1i64 } output { empty([0]i32) }
-- input { [0, 1, 2, 3, 4, 5, 6, 7] 5i64 4i64 2i64 } output { empty([0]i32) }
-- input { [0, 1, 2, 3, 4, 5, 6, 7] 1i64 11i64 3i64 } error: Index \[1:11:3\] out of bounds
-- input { [0, 1, 2, 3, 4, 5, 6, 7] 6i64 1i64 2i64 } error: out of bounds
-- input { [0, 1, 2, 3, 4, 5, 6, 7] 7i64 -4i64 -3i64 } error: out of bounds

def main (xs: []i32) (i: i64) (j: i64) (s: i64) = xs[i:j:s]
