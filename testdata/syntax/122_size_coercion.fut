-- Size coercions e :> [n]t that are checked at run time.

-- | Combine two halves back into an array of the original size.
def rejoin [n] (xs: [n]i32) : [n]i32 =
  let k = n / 2
  in (xs[:k] ++ xs[k:]) :> [n]i32

-- | Force a filtered array to a caller-provided size.
def exactly (m: i64) (xs: []f32) : [m]f32 = filter (>= 0.0) xs :> [m]f32

-- | Coerce a flattened matrix to a size expression.
def flat [n][m] (xss: [n][m]i32) : [n * m]i32 = flatten xss :> [n * m]i32

-- | Coercion of a nested array's inner dimension.
def rows_of_two [n] (xss: [n][]i32) : [n][2]i32 = xss :> [n][2]i32

entry main (xs: []i32) : []i32 = rejoin xs

entry pos (m: i64) (xs: []f32) : [m]f32 = exactly m xs

entry flattened (xss: [][]i32) : []i32 = flat xss
