-- Multi-dimensional slicing: a[i, :], a[:, j], sub-matrices and mixed forms.

def row [n][m] (a: [n][m]f32) (i: i64) : [m]f32 = a[i, :]

def col [n][m] (a: [n][m]f32) (j: i64) : [n]f32 = a[:, j]

-- | A 2x2 sub-block.
def block (a: [][]f32) (i: i64) (j: i64) : [][]f32 = a[i:i + 2, j:j + 2]

-- | Every other row, reversed columns.
def checker (a: [][]i32) : [][]i32 = a[::2, ::-1]

-- | Interior of a matrix (dropping the border).
def interior [n][m] (a: [n][m]i32) : [][]i32 = a[1:n - 1, 1:m - 1]

entry main (a: [][]f32) : ([]f32, []f32, [][]f32) = (row a 0, col a 0, block a 0 0)

entry ints (a: [][]i32) : ([][]i32, [][]i32) = (checker a, interior a)
