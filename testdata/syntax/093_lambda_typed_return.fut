-- Lambdas with typed parameters and return-type annotations.

def conv (xs: []i32) : []f32 = map (\(x: i32) : f32 -> f32.i32 x / 2.0) xs

-- | The identity lambda from the language reference.
def ident (xs: []i32) : []i32 = map (\(x: i32) : i32 -> x) xs

-- | Multiple typed parameters and a tuple return type.
def pairwise [n] (xs: [n]f64) (ys: [n]f64) : [n](f64, f64) =
  map2 (\(a: f64) (b: f64) : (f64, f64) -> (a + b, a * b)) xs ys

-- | A typed array parameter.
def row_len (xss: [][]u8) : []i64 = map (\(row: []u8) : i64 -> length row) xss

entry main (xs: []i32) : ([]f32, []i32) = (conv xs, ident xs)

entry pw [n] (xs: [n]f64) (ys: [n]f64) : [n](f64, f64) = pairwise xs ys

entry lens (xss: [][]u8) : []i64 = row_len xss
