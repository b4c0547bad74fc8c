-- The value and indices of a `with` update are evaluated before its array, so they may read the array that the inner update consumes.

def shift (row: *[]f32) : *[]f32 =
  (row with [0] = row[1]) with [1] = row[2]
