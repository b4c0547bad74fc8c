-- description: a row copied out of a matrix is independent of later updates to the matrix.
-- ==
-- input { [[1, 2], [3, 4]] } output { [1, 2] [[0, 2], [3, 4]] }

def main (a: *[][]i32) =
  let row = copy a[0]
  let a[0, 0] = 0
  in (row, a)
