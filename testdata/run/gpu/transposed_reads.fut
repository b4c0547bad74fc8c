-- Kernels that read a transposed array as a free variable take the
-- array itself and permute their view of it; the values must be those of
-- the transposition.
-- ==
-- entry: matmul
-- input { [[1f32, 2f32], [3f32, 4f32], [5f32, 6f32]] [[1f32, 0f32, 2f32], [0f32, 1f32, 3f32]] }
-- output { [[1f32, 2f32, 8f32], [3f32, 4f32, 18f32], [5f32, 6f32, 28f32]] }

entry matmul [n][m][p] (a: [n][m]f32) (b: [m][p]f32) : [n][p]f32 =
  map (\r -> map (\c -> f32.sum (map2 (*) r c)) (transpose b)) a

-- ==
-- entry: weighted_columns
-- input { [[1i64, 2i64, 3i64], [4i64, 5i64, 6i64]] } output { [9i64, 12i64, 15i64] }

-- Column j of `xs` weighted by its position in the column.
entry weighted_columns [n][m] (xs: [n][m]i64) : [m]i64 =
  let t = transpose xs
  in map (\j -> i64.sum (map2 (\i x -> (i + 1) * x) (iota n) t[j])) (iota m)
