-- In-place update of a whole slice and of a row of a matrix.

def clear_prefix (xs: *[]u8) (k: i64) : *[]u8 =
  xs with [0:k] = replicate k 0

def set_row [n][m] (mat: *[n][m]f32) (i: i64) (row: [m]f32) : *[n][m]f32 =
  mat with [i] = row
