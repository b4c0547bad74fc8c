-- Attributes #[sequential], #[sequential_inner] and #[sequential_outer] on SOACs.

-- | Row sums where the inner reduction is sequentialised.
def row_sums [n][m] (xss: [n][m]f32) : [n]f32 =
  map (\row -> #[sequential] reduce (+) 0.0 row) xss

-- | Fully sequential prefix sum.
def seq_scan (xs: []i32) : []i32 = #[sequential] scan (+) 0 xs

def col_max [n][m] (xss: [n][m]f32) : [m]f32 =
  #[sequential_inner] map (\col -> f32.maximum col) (transpose xss)

def outer_seq [n][m] (xss: [n][m]i32) : [n][m]i32 =
  #[sequential_outer] map (\row -> map (* 2) row) xss

entry main (xss: [][]f32) : ([]f32, []f32) = (row_sums xss, col_max xss)

entry prefix (xs: []i32) (yss: [][]i32) : ([]i32, [][]i32) = (seq_scan xs, outer_seq yss)
