-- description: a 2D slice out of bounds in the second dimension.
-- ==
-- input { [[1, 2, 3], [4, 5, 6]] 2i64 } output { [[1, 2], [4, 5]] }
-- input { [[1, 2, 3], [4, 5, 6]] 4i64 } error: out of bounds

def main (a: [][]i32) (k: i64) = a[:, 0:k]
