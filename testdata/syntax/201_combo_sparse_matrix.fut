-- Sparse matrices in CSR form: records, assertions, index sections and sections.

-- | Compressed sparse rows: row offsets, column indices and values.
type~ csr = {offsets: []i64, cols: []i64, vals: []f32}

-- | A small 3x3 example with a nested dense counterpart.
def dense_example : [3][3]f32 = [[1.0, 0.0, 2.0], [0.0, 0.0, 3.0], [4.0, 5.0, 0.0]]

def empty_matrix : csr = {offsets = [0], cols = [] : []i64, vals = [] : []f32}

-- | Convert a dense matrix to CSR.
def from_dense [n][m] (a: [n][m]f32) : csr =
  let nnz_per_row = map (\row -> i64.sum (map (\x -> if x != 0.0 then 1 else 0) row)) a
  let offsets = [0] ++ scan (+) 0 nnz_per_row
  let entries = filter (\(_, v) -> v != 0.0) (zip (map (% m) (iota (n * m))) (flatten a :> [n * m]f32))
  let (cols, vals) = unzip entries
  in {offsets, cols, vals}

-- | Sparse matrix-vector product.
def spmv (mat: csr) (x: []f32) : []f32 =
  let {offsets, cols, vals} = mat
  let rows = length offsets - 1
  let (k: i64) = length vals
  in assert (length cols == k)
            (map (\r -> f32.sum (map (\j -> vals[j] * x[cols[j]]) (offsets[r]..<offsets[r + 1])))
                 (iota rows))

-- | First column of the dense example through an index section.
def first_column : [3]f32 = map (.[0]) dense_example

-- | Scaling helpers written as sections and backtick applications.
def scale_all (k: f32) (xs: []f32) : []f32 = map (k *) xs

def clamp_all (xs: []f32) : []f32 = map (\x -> x `f32.min` 10.0 `f32.max` 0.0) xs

entry main (x: []f32) : []f32 = spmv (from_dense (copy dense_example)) x |> clamp_all

entry scaled (k: f32) : []f32 = scale_all k <| copy first_column

entry empty_rows : i64 = length empty_matrix.offsets - 1
