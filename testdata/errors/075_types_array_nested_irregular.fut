-- Array literal elements of different types: a row is an array of arrays, another a scalar array.
-- ==
-- error: due to type of first array element

def grid : [][]i32 =
  [[1, 2], [3, 4], [[5], [6]]]
