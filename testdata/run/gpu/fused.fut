-- Kernels come from the fused IR: fused SOACs with several kinds of
-- results are split into the right kernels.
-- ==
-- entry: map_and_sum
-- input { [1i32, 2, 3, 4] } output { [3i32, 5, 7, 9] 24i32 }

-- A map whose results are also reduced: one screma with a map result and
-- a reduction.
entry map_and_sum (xs: []i32) : ([]i32, i32) =
  let ys = map (\x -> 2 * x + 1) xs
  in (ys, reduce (+) 0 ys)

-- ==
-- entry: min_max_scan
-- input { [3i64, -1, 4, 1, -5] } output { -5i64 4i64 [3i64, 2, 6, 7, 2] }

entry min_max_scan (xs: []i64) : (i64, i64, []i64) =
  (reduce i64.min i64.highest xs, reduce i64.max i64.lowest xs, scan (+) 0 xs)

-- ==
-- entry: two_histograms
-- input { [0i64, 1, 1, 3, 7] [1.5f32, 2, 3, 4, 5] } output { [1.5f32, 5, 0, 4] [1i32, 2, 0, 1] }

-- Two histograms over the same buckets fuse into one: its bucket function
-- gives both indices first, then both values.
entry two_histograms (is: []i64) (vs: []f32) : ([4]f32, [4]i32) =
  ( reduce_by_index (replicate 4 0) (+) 0 is vs
  , reduce_by_index (replicate 4 0) (+) 0 is (map (const 1) vs) )

-- ==
-- entry: two_scatters
-- input { [2i64, 0, 9] [10i32, 20, 30] } output { [20i32, 0, 10] [-20i32, 0, -10, 0] }

entry two_scatters (is: []i64) (vs: []i32) : ([3]i32, [4]i32) =
  ( scatter (replicate 3 0) is vs
  , scatter (replicate 4 0) is (map i32.neg vs) )

-- ==
-- entry: composed
-- input { [1f64, 2, 3] } output { [4f64, 6, 8] }

-- Composition makes a function the core IR calls; it is inlined.
def twice [n] (xs: [n]f64) : [n]f64 = map (* 2) xs
def plus_one [n] (xs: [n]f64) : [n]f64 = map (+ 1) xs
entry composed [n] (xs: [n]f64) : [n]f64 = (plus_one >-> twice) xs

-- ==
-- entry: composed_three
-- input { [1i64, 2, 3] } output { [5i64, 3, 1] }
-- input { empty([0]i64) } output { empty([0]i64) }

-- A chain of three size-preserving functions: the core IR keeps a call
-- of the composition, which extraction inlines.
def dec [n] (xs: [n]i64) : [n]i64 = map (\x -> x - 1) xs
def dbl [n] (xs: [n]i64) : [n]i64 = map (* 2) xs
def flip [n] (xs: [n]i64) : [n]i64 = reverse xs
entry composed_three [n] (xs: [n]i64) : [n]i64 = (dbl >-> dec >-> flip) xs

-- ==
-- entry: big_sums
-- input { 100001i64 } output { 5000050000i64 100000i64 0i64 }

-- Commutative operators read strided elements; sizes that are not a
-- multiple of the number of threads still cover every element once.
entry big_sums (n: i64) : (i64, i64, i64) =
  let xs = iota n
  in (reduce (+) 0 xs, reduce i64.max 0 xs, reduce i64.min n xs)
