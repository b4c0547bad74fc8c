-- Size parameters [n] relating the shapes of arguments and results.

def dot [n] (xs: [n]f32) (ys: [n]f32) : f32 = reduce (+) 0.0 (map2 (*) xs ys)

-- | Two size parameters for a matrix.
def transpose' [n][m] (a: [n][m]i32) : [m][n]i32 =
  map (\j -> map (\i -> a[i, j]) (iota n)) (iota m)

-- | Size parameters used as ordinary i64 values in the body.
def mean [n] (xs: [n]f64) : f64 = f64.sum xs / f64.i64 n

-- | Size-and-type parameters together.
def rotate_left [n] 't (xs: [n]t) : [n]t = map (\i -> xs[(i + 1) % n]) (iota n)

entry main [n] (xs: [n]f32) (ys: [n]f32) : f32 = dot xs ys

entry others (a: [][]i32) (xs: []f64) (bs: []bool) : ([][]i32, f64, []bool) =
  (transpose' a, mean xs, rotate_left bs)
