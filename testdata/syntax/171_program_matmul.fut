-- A realistic program: dense matrix multiplication in several styles.

-- | Matrices are arrays of rows.
type matrix [n][m] = [n][m]f32

-- | Dot product of two vectors of equal length.
def dot [n] (xs: [n]f32) (ys: [n]f32) : f32 =
  reduce (+) 0.0 (map2 (*) xs ys)

-- | The textbook definition: each result cell is a row-column dot product.
--
-- Complexity is O(n*m*p) work and O(log m) span.
def matmul [n][m][p] (a: matrix [n][m]) (b: matrix [m][p]) : matrix [n][p] =
  let bt = transpose b
  in map (\row -> map (\col -> dot row col) bt) a

-- | The same product written with explicit sequential loops.
def matmul_seq [n][m][p] (a: [n][m]f32) (b: [m][p]f32) : [n][p]f32 =
  let c = replicate n (replicate p 0.0f32)
  in loop c for i < n do
       loop c for j < p do
         let s = loop s = 0.0f32 for k < m do s + a[i, k] * b[k, j]
         in c with [i, j] = s

-- | Matrix-vector product.
def matvec [n][m] (a: matrix [n][m]) (v: [m]f32) : [n]f32 = map (`dot` v) a

-- | The identity matrix of size n.
def identity (n: i64) : matrix [n][n] =
  tabulate_2d n n (\i j -> if i == j then 1.0 else 0.0)

-- | Raise a square matrix to a non-negative integer power by repeated squaring.
def matpow [n] (a: matrix [n][n]) (k: i32) : matrix [n][n] =
  let (result, _, _) =
    loop (result: [n][n]f32, base: [n][n]f32, e) = (identity n, a, k) while e > 0 do
      let result' = if e % 2 == 1 then matmul result base else result
      in (result', matmul base base, e / 2)
  in result

-- | Frobenius norm, used to compare results.
def frobenius [n][m] (a: matrix [n][m]) : f32 =
  f32.sqrt (f32.sum (map (\x -> x * x) (flatten a)))

-- | Maximum absolute difference between two matrices.
def max_diff [n][m] (a: [n][m]f32) (b: [n][m]f32) : f32 =
  flatten a
  |> map2 (\x y -> f32.abs (x - y)) (flatten b)
  |> f32.maximum

-- | Blocked matrix multiplication over tiles of size t (t must divide n).
def matmul_tiled [n] (t: i64) (a: [n][n]f32) (b: [n][n]f32) : [n][n]f32 =
  let tiles = n / t
  let c = replicate n (replicate n 0.0f32)
  in loop c for kt < tiles do
       let k0 = kt * t
       let a_cols = a[:, k0:k0 + t] :> [n][t]f32
       let b_rows = b[k0:k0 + t, :] :> [t][n]f32
       let partial = matmul a_cols b_rows
       in map2 (map2 (+)) c partial

-- | Main entry: the product of two matrices.
entry main [n][m][p] (a: [n][m]f32) (b: [m][p]f32) : [n][p]f32 = matmul a b

-- | Check that the parallel and sequential versions agree.
entry agree [n][m][p] (a: [n][m]f32) (b: [m][p]f32) : (bool, f32) =
  let c1 = matmul a b
  let c2 = matmul_seq a b
  let d = max_diff c1 c2
  in (d < 1e-3, frobenius c1)

-- | Matrix power and a matrix-vector product of the result.
entry power [n] (a: [n][n]f32) (k: i32) (v: [n]f32) : ([n][n]f32, [n]f32) =
  let ak = matpow a k
  in (ak, matvec ak v)

-- | Tiled multiplication with tile size 2 (for even n).
entry tiled [n] (a: [n][n]f32) (b: [n][n]f32) : [n][n]f32 = matmul_tiled 2 a b
