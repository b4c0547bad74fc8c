-- Host code: loops and branches around kernels, single elements read and
-- written on the host, sequential kernels for what has no parallel form.
-- ==
-- entry: iterate
-- input { 3i32 [1i32, 2, 3] } output { [8i32, 16, 24] }

entry iterate (k: i32) (xs: []i32) : []i32 =
  loop ys = xs for _i < k do map (* 2) ys

-- ==
-- entry: branch
-- input { true [1f64, 2] } output { 3f64 }
-- input { false [1f64, 2] } output { 2f64 }

entry branch (b: bool) (xs: []f64) : f64 =
  if b then f64.sum xs else f64.maximum xs

-- ==
-- entry: poke
-- input { [1i64, 2, 3] } output { [1i64, 42, 3] 3i64 }

entry poke (xs: *[]i64) : ([]i64, i64) =
  let ys = xs with [1] = 42
  in (ys, ys[2])

-- ==
-- entry: flip
-- input { [1i32, 2, 3] [4i32] } output { [4i32, 3, 2, 1] }

entry flip (xs: []i32) (ys: []i32) : []i32 = reverse (xs ++ ys)

-- ==
-- entry: halves
-- input { [1.5f16, 2.25f16] } output { [0.75f16, 1.125f16] }

entry halves (xs: []f16) : []f16 = map (/ 2) xs

-- ==
-- entry: late
-- input { [1i32, 2, 3] 3i64 } error: Index \[3\] out of bounds for array of shape \[3\]

entry late (xs: []i32) (i: i64) : i32 = let ys = reverse xs in ys[i]
