-- Functional array updates with 'with': xs with [i] = v and xs with [i, j] = v.

def set (xs: *[]f32) (i: i64) (v: f32) : *[]f32 = xs with [i] = v

-- | Update a matrix cell.
def set2 [n][m] (mat: *[n][m]i32) (i: i64) (j: i64) (v: i32) : *[n][m]i32 =
  mat with [i, j] = v

-- | Replace a whole row.
def set_row [n][m] (mat: *[n][m]i32) (i: i64) (row: [m]i32) : *[n][m]i32 =
  mat with [i] = row

-- | Chained updates in a loop body.
def bump_diagonal [n] (mat: *[n][n]i32) : *[n][n]i32 =
  loop mat for i < n do mat with [i, i] = mat[i, i] + 1

-- | Update a slice with an array of matching size.
def zero_prefix (xs: *[]i32) : *[]i32 = xs with [0:2] = [0, 0]

entry main (xs: []f32) : []f32 = set (copy xs) 0 1.0

entry matrix (n: i64) : [n][n]i32 =
  let m = replicate n (replicate n 0)
  let m = set2 m 0 0 7
  let m = set_row m (n - 1) (replicate n 9)
  in bump_diagonal m

entry prefix (xs: []i32) : []i32 = zero_prefix (copy xs)
