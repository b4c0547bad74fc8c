-- description: updating a 2D block `a with [i:i+2, j:j+2] = block`.
-- ==
-- input { [[0, 0, 0], [0, 0, 0], [0, 0, 0]] 1i64 1i64 } output { [[0, 0, 0], [0, 1, 2], [0, 3, 4]] }

def main (a: *[][]i32) (i: i64) (j: i64) = a with [i:i + 2, j:j + 2] = [[1, 2], [3, 4]]
