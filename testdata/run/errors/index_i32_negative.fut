-- description: a negative i32 index is out of bounds just like a negative i64 index.
-- ==
-- input { [1, 2, 3] -2 } error: Index \[-2\] out of bounds
-- input { [1, 2, 3] 2 } output { 3 }

def main (xs: []i32) (i: i32) = xs[i]
