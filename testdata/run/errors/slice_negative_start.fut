-- description: a slice starting at a negative index is out of bounds.
-- ==
-- input { [1, 2, 3] -1i64 } error: Index \[-1:2\] out of bounds
-- input { [1, 2, 3] 0i64 } output { [1, 2] }

def main (xs: []i32) (i: i64) = xs[i:2]
