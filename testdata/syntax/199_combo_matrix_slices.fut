-- Matrix slicing in depth: rows, columns, blocks, strides and reversed views.

-- | The k-th row and column.
def cross [n] (a: [n][n]i32) (k: i64) : ([n]i32, [n]i32) = (a[k, :], a[:, k])

-- | Top-left block of size b (sizes become known through coercion).
def top_left [n] (b: i64) (a: [n][n]i32) : [b][b]i32 = a[:b, :b] :> [b][b]i32

-- | Even rows, odd columns.
def checker [n][m] (a: [n][m]i32) : [][]i32 = a[0:n:2, 1:m:2]

-- | Rotate a matrix by 180 degrees with negative strides.
def rot180 [n][m] (a: [n][m]i32) : [n][m]i32 = a[::-1, ::-1] :> [n][m]i32

-- | Anti-diagonal via indexing with computed positions.
def anti_diagonal [n] (a: [n][n]i32) : [n]i32 = map (\i -> a[i, n - 1 - i]) (iota n)

-- | Drop the first row and the last column.
def trim [n][m] (a: [n][m]i32) : [][]i32 = a[1:, :m - 1]

-- | Every second element of the middle rows.
def middle_rows [n][m] (a: [n][m]i32) : [][]i32 = a[n / 4:3 * n / 4, ::2]

entry main [n] (a: [n][n]i32) : (([n]i32, [n]i32), [2][2]i32, [n]i32) =
  (cross a 0, top_left 2 a, anti_diagonal a)

entry views [n][m] (a: [n][m]i32) : ([][]i32, [n][m]i32, [][]i32, [][]i32) =
  (checker a, rot180 a, trim a, middle_rows a)
