-- In-place updates of slices and rows: let xs[a:b] = ..., let m[i] = row.

def overwrite_front (xs: *[]i32) : *[]i32 =
  let xs[0:3] = [7, 8, 9]
  in xs

-- | Replace a row and then a single element of a matrix.
def patch [n][m] (mat: *[n][m]f32) (row: [m]f32) : *[n][m]f32 =
  let mat[0] = row
  let mat[n - 1, m - 1] = 42.0
  in mat

-- | Replace every other element through a strided slice.
def evens_to_zero [n] (xs: *[n]i32) : *[n]i32 =
  let k = (n + 1) / 2
  let xs[0:n:2] = replicate k 0 :> [k]i32
  in xs

entry main (xs: []i32) : []i32 = overwrite_front (copy xs)

entry patched (mat: [][]f32) : [][]f32 = patch (copy mat) (map (const 1.0) mat[0])

entry strided (xs: []i32) : []i32 = evens_to_zero (copy xs)
