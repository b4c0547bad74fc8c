-- description: updating a whole row with `a with [i, :] = row` and a column range with `a with [i, 1:3] = vs`.
-- ==
-- input { [[1, 2, 3], [4, 5, 6]] } output { [[0, 0, 0], [4, 7, 8]] }

def main [m] (a: *[2][m]i32) =
  let a = a with [0, :] = replicate m 0
  in a with [1, 1:3] = [7, 8]
