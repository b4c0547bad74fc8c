-- Explicit size bindings in let: let [n] (xs: [n]i32) = ...

-- | Bind the unknown size of a filtered array so it can be named.
def positives_with_count (xs: []i32) : (i64, []i32) =
  let [n] (ys: [n]i32) = filter (> 0) xs
  in (n, ys)

-- | Two sizes bound at once from a matrix.
def dims (xss: [][]f32) : (i64, i64) =
  let [r][c] (m: [r][c]f32) = xss
  in (r, c)

-- | The bound size is used in a later type ascription.
def pad_to_even (xs: []i32) : []i32 =
  let [k] (evens: [k]i32) = filter (\x -> x % 2 == 0) xs
  let doubled : [k]i32 = map (* 2) evens
  in doubled ++ replicate (k % 2) 0

entry main (xs: []i32) : (i64, []i32, []i32) =
  let (n, ys) = positives_with_count xs
  in (n, ys, pad_to_even xs)

entry shape (xss: [][]f32) : (i64, i64) = dims xss
