-- A map fused into the reduction that consumes it runs in the
-- reduction's kernel: each thread maps the elements it folds. The map
-- may index other arrays (and fail a bounds check there), branch, loop,
-- and give several operands; the operator need not commute.
-- ==
-- entry: squares
-- input { [1f32, 2f32, 3f32] } output { 14f32 }
-- input { empty([0]f32) } output { 0f32 }
-- random input { [100000]f32 } auto output

-- ==
-- entry: lookup
-- input { [2i64, 0i64, 1i64] [10, 20, 30] } output { 90 }
-- input { [3i64] [10, 20, 30] } error: out of bounds

-- ==
-- entry: branchy
-- input { [1, -2, 3, -4, 5] } output { 9 4 }
-- random input { [70000]i32 } auto output

-- ==
-- entry: looped
-- input { [0i64, 1i64, 5i64] } output { 10i64 }

-- ==
-- entry: ordered
-- input { [1, 2, 3, 4, 5, 6, 7] } output { 1234567i64 }
-- random input { [50000]i32 } auto output

-- ==
-- entry: two_arrays
-- input { [1f64, 2f64] [3f64, 4f64] } output { 11f64 }

entry squares (xs: []f32) = f32.sum (map (\x -> x * x) xs)

entry lookup (is: []i64) (table: []i32) =
  reduce (+) 0 (map (\i -> table[i] * 2) is) / 2 + 30

entry branchy (xs: []i32) =
  reduce (\(a, b) (c, d) -> (a + c, b + d)) (0, 0)
         (map (\x -> if x > 0 then (x, 0) else (0, 2)) xs)

entry looped (ns: []i64) =
  i64.sum (map (\n -> loop acc = 0 for i < n do acc + i) ns)

-- Digits joined left to right: (a, 10^k) (b, 10^m) -> (a*10^m + b, 10^(k+m)).
entry ordered (xs: []i32) =
  let (v, _) = reduce (\(a, p) (b, q) -> (a * q + b, p * q)) (0i64, 1i64)
                      (map (\x -> (i64.i32 (x % 10), 10i64)) xs)
  in v

entry two_arrays (xs: []f64) (ys: []f64) = f64.sum (map2 (*) xs ys)
