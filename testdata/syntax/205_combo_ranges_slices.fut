-- Ranges feeding slices and nested literals: strides, rows, columns and countdowns.

def grid : [4][4]i32 =
  [ [1, 2, 3, 4]
  , [5, 6, 7, 8]
  , [9, 10, 11, 12]
  , [13, 14, 15, 16]
  ]

-- | The countdown from the language reference, used as indices.
def picks [n] (xs: [n]i32) : []i32 = map (\i -> xs[i64.i32 i % n]) (10..8...0)

-- | Every other element and every other element of a sub-range.
def strided (xs: []i32) : ([]i32, []i32) = (xs[::2], xs[1:7:3])

-- | Second row, third column, and a strided block.
def parts [n][m] (a: [n][m]i32) : ([m]i32, [n]i32, [][]i32) = (a[1, :], a[:, 2], a[0:n:2, 0:m:2])

entry main (xs: []i32) : ([]i32, ([]i32, []i32)) = (picks xs, strided xs)

entry grid_parts : ([4]i32, [4]i32, [][]i32) = parts grid
