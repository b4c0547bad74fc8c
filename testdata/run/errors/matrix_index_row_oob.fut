-- description: selecting a whole row beyond the outer dimension fails.
-- ==
-- input { [[1, 2], [3, 4]] 1i64 } output { [3, 4] }
-- input { [[1, 2], [3, 4]] 2i64 } error: Index \[2\] out of bounds for array of shape \[2\]\[2\]

def main (a: [][]i32) (i: i64) = a[i]
