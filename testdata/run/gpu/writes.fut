-- Histograms (atomic updates) and scatters.
-- ==
-- entry: counts
-- input { 4i64 [0i64, 1, 1, 3, 3, 3, 7, -1] } output { [1i32, 2, 0, 3] }

entry counts (k: i64) (xs: []i64) : []i32 =
  hist (+) 0 k xs (map (const 1) xs)

-- ==
-- entry: maxes
-- input { [0i64, 1, 0, 2] [2.5f32, -1, 7, 3] } output { [7f32, -1, 3] }

entry maxes (is: []i64) (vs: []f32) : []f32 =
  reduce_by_index (replicate 3 f32.lowest) f32.max f32.lowest is vs

-- ==
-- entry: place
-- input { [3i64, 0, 9] [10i32, 20, 30] } output { [20i32, 0, 0, 10, 0] }

entry place (is: []i64) (vs: []i32) : []i32 =
  scatter (replicate 5 0) is vs

-- ==
-- entry: ordered
-- input { [1i64, 2, 3, 4, 5, 6, 7, 8, 9, 10] } output { 1024i64 2036i64 }

-- Composition of affine maps: associative, not commutative.
entry ordered (xs: []i64) : (i64, i64) =
  reduce (\(a1, b1) (a2, b2) -> (a1 * a2, b1 * a2 + b2)) (1, 0) (map (\x -> (2, x)) xs)
