-- Entry points taking and returning multi-dimensional arrays with size parameters.

-- | Matrix transpose as an entry point.
entry transpose_mat [n][m] (a: [n][m]f32) : [m][n]f32 = transpose a

-- | Consumes its input array (unique parameter) and returns a unique result.
entry increment_inplace [n] (xs: *[n]i32) : *[n]i32 =
  loop xs for i < n do xs with [i] = xs[i] + 1

-- | Three-dimensional input reduced to a vector.
entry plane_sums [a][b][c] (t: [a][b][c]f64) : [a]f64 = map (\p -> f64.sum (flatten p)) t

-- | Boolean and unsigned arrays.
entry mask_bytes [n] (bs: [n]bool) (xs: [n]u8) : [n]u8 = map2 (\b x -> if b then x else 0) bs xs
