-- description: a map whose function indexes arrays it captures runs over the buffers; an index out of bounds is reported as before, with its place.
-- ==
-- entry: reversed
-- input { [1i64, 2i64, 3i64, 4i64] } output { [4i64, 3i64, 2i64, 1i64] }
-- input { empty([0]i64) } output { empty([0]i64) }

-- ==
-- entry: gathered
-- input { [10f32, 20f32, 30f32] [2i64, 0i64, 2i64, 1i64] } output { [30f32, 10f32, 30f32, 20f32] }
-- input { [10f32, 20f32, 30f32] [2i64, 3i64] } error: gather.fut:35:.*Index \[3\] out of bounds for array of shape \[3\]
-- input { [10f32, 20f32, 30f32] [-1i64] } error: gather.fut:35:.*Index \[-1\] out of bounds for array of shape \[3\]

-- ==
-- entry: narrow_index
-- input { [5i32, 6i32, 7i32] [2i32, 1i32] } output { [7i32, 6i32] }
-- input { [5i32, 6i32, 7i32] [3i32] } error: out of bounds

-- ==
-- entry: two_arrays
-- input { [1i64, 2i64, 3i64] [10i64, 20i64, 30i64] } output { [13i64, 22i64, 31i64] }

-- ==
-- entry: late_error
-- input { 5000i64 } output { 12497500i64 }
-- input { 5001i64 } error: gather.fut:46:.*out of bounds

-- ==
-- entry: guarded
-- input { [1i64, 2i64, 3i64] } output { [3i64, 2i64, 0i64] }

entry reversed (xs: []i64) : []i64 =
  let n = length xs in map (\i -> xs[n - 1 - i]) (iota n)

entry gathered (xs: []f32) (idx: []i64) : []f32 =
  map (\i -> xs[i]) idx

entry narrow_index (xs: []i32) (idx: []i32) : []i32 =
  map (\i -> xs[i64.i32 i]) idx

entry two_arrays (xs: []i64) (ys: []i64) : []i64 =
  let n = length xs in map (\i -> xs[n - 1 - i] + ys[i]) (indices xs)

-- Fails only for the last element: the elements before it count as done.
entry late_error (n: i64) : i64 =
  let xs = iota 5000
  in i64.sum (map (\i -> xs[i]) (iota n))

-- The branch not taken would index out of bounds.
entry guarded (xs: []i64) : []i64 =
  let n = length xs in map (\i -> if i + 1 < n then xs[n - 1 - i] else 0) (iota n)
