-- description: scan of every row inside a map (segmented scan over regular segments).
-- ==
-- input { [[1, 1, 1], [2, 0, 3]] } output { [[1, 2, 3], [2, 2, 5]] }
-- input { empty([2][0]i32) } output { empty([2][0]i32) }

def main (a: [][]i32) = map (scan (+) 0) a
