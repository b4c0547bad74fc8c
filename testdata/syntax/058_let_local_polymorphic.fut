-- Local functions with type parameters, size parameters and lifted types.

def apply_both (x: i32) (y: f64) : (i32, f64) =
  let twice 'a (f: a -> a) (v: a) : a = f (f v)
  in (twice (+ 1) x, twice (* 2.0) y)

-- | A local function with both size and type parameters.
def pairs (xs: []i32) (ys: []bool) : ([](i32, i32), [](bool, bool)) =
  let self_zip [n] 't (zs: [n]t) : [n](t, t) = zip zs zs
  in (self_zip xs, self_zip ys)

-- | A local function whose type parameter is instantiated with an array type.
def lengths (xss: [][]i32) : (i64, i64) =
  let count 'a (zs: []a) : i64 = length zs
  in (count xss, count (flatten xss))

entry main (x: i32) (y: f64) : (i32, f64) = apply_both x y

entry zipped (xs: []i32) (ys: []bool) : ([](i32, i32), [](bool, bool)) = pairs xs ys

entry sizes (xss: [][]i32) : (i64, i64) = lengths xss
