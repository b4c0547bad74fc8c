-- description: zip and unzip of arrays of scalars keep one buffer per field; map2 and maps over zipped arrays run as kernels over the buffers, with the same results and errors as calls.
-- ==
-- entry: round_trip
-- input { [1i32, 2i32, 3i32] [1.5f64, 2.5f64, 3.5f64] } output { [1i32, 2i32, 3i32] [1.5f64, 2.5f64, 3.5f64] }
-- input { empty([0]i32) empty([0]f64) } output { empty([0]i32) empty([0]f64) }

-- ==
-- entry: added
-- input { [1i64, 2i64, 3i64] [10i64, 20i64, 30i64] } output { [11i64, 22i64, 33i64] }

-- ==
-- entry: weighted
-- input { [1f32, 2f32] [3f32, 4f32] [0.5f32, 2f32] } output { [2f32, 12f32] }

-- ==
-- entry: divided
-- input { [6i32, 8i32] [3i32, 2i32] } output { [2i32, 4i32] }
-- input { [6i32, 8i32] [3i32, 0i32] } error: zips.fut:47:.*Cannot apply operator

-- ==
-- entry: pairs_out
-- input { [1i64, 2i64] } output { [1i64, 2i64] [2i64, 4i64] }

-- ==
-- entry: zipped_index
-- input { [1i64, 2i64, 3i64] } output { [3i64, 2i64, 1i64] [1i64, 1i64, 1i64] }

-- ==
-- entry: nested
-- input { [1i32, 2i32] [3i32, 4i32] [5i32, 6i32] } output { [9i32, 12i32] }

-- ==
-- entry: updated
-- input { [1i32, 2i32, 3i32] [4i32, 5i32, 6i32] } output { [1i32, 9i32, 3i32] [4i32, 9i32, 6i32] }

-- ==
-- entry: mixed
-- input { [1i32, 2i32] } output { [2i32, 4i32] }

entry round_trip (xs: []i32) (ys: []f64) : ([]i32, []f64) = unzip (zip xs ys)

entry added (xs: []i64) (ys: []i64) : []i64 = map2 (+) xs ys

entry weighted (xs: []f32) (ys: []f32) (ws: []f32) : []f32 =
  map3 (\x y w -> (x + y) * w) xs ys ws

def safe_div (a: i32) (b: i32) : i32 = a / b

entry divided (xs: []i32) (ys: []i32) : []i32 =
  map (\(a, b) -> safe_div a b) (zip xs ys)

entry pairs_out (xs: []i64) : ([]i64, []i64) = unzip (map (\x -> (x, x * 2)) xs)

entry zipped_index (xs: []i64) : ([]i64, []i64) =
  let n = length xs
  in unzip (map (\i -> (xs[n - 1 - i], 1)) (iota n))

entry nested (xs: []i32) (ys: []i32) (zs: []i32) : []i32 =
  map (\(a, (b, c)) -> a + b + c) (zip xs (zip ys zs))

entry updated (xs: []i32) (ys: []i32) : ([]i32, []i32) =
  let ps = zip xs ys
  let ps = copy ps with [1] = (9, 9)
  in unzip ps

entry mixed (xs: []i32) : []i32 =
  let ps = zip xs (map (\x -> [x]) xs)
  in map (\(a, b) -> a + b[0]) ps
