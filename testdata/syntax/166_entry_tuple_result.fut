-- Entry points returning tuples of scalars and arrays.

-- | Minimum, maximum and mean of the input.
entry summary (xs: []f32) : (f32, f32, f32) =
  (f32.minimum xs, f32.maximum xs, f32.sum xs / f32.i64 (length xs))

-- | A tuple of arrays of different element types.
entry split (xs: []i32) : ([]i32, []bool, i64) =
  let evens = filter (\x -> x % 2 == 0) xs
  in (evens, map (> 0) xs, length evens)

-- | A nested tuple result.
entry nested (x: i64) : ((i64, i64), (f64, bool)) = ((x, x * x), (f64.i64 x, x > 0))
