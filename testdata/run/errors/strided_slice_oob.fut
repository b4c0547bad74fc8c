-- description: strided slices whose end lies outside the array fail.
-- ==
-- input { [1, 2, 3, 4, 5] 0i64 7i64 2i64 } error: out of bounds
-- input { [1, 2, 3, 4, 5] 0i64 5i64 2i64 } output { [1, 3, 5] }
-- input { [1, 2, 3, 4, 5] 4i64 0i64 -2i64 } output { [5, 3] }

def main (xs: []i32) (i: i64) (j: i64) (s: i64) = xs[i:j:s]
