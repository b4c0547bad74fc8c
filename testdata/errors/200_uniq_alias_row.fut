-- Aliasing through indexing a row: the row aliases the matrix that gets updated.
-- ==
-- error: Using variable "m", but this was consumed

def zero_corner (m: *[][]f32) : []f32 =
  let first_row = m[0]
  let m[0, 0] = 0
  in first_row
