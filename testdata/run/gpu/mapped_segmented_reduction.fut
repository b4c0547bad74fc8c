-- A map nest ending in a map and a reduction over rows becomes one
-- segmented reduction whose threads compute the elements they fold:
-- no [n][m] array of operands is built. Rows long and short, operators
-- that commute or not, maps that index other arrays and fail there.
-- ==
-- entry: pairs
-- input { [1f32, 2f32] [3f32, 4f32, 5f32] } output { [15f32, 27f32] }
-- random input { [300]f32 [200]f32 } auto output
-- random input { [40000]f32 [3]f32 } auto output

-- ==
-- entry: joined
-- input { [[1, 2, 3], [4, 5, 6]] } output { [123i64, 456i64] }
-- random input { [300][12]i32 } auto output
-- random input { [200][300]i32 } auto output

-- ==
-- entry: windows
-- input { [1, 2, 3, 4, 5] 2i64 } output { [3, 5, 7, 9] }
-- random input { [70000]i32 300i64 } auto output
-- input { [1, 2, 3] 5i64 } error: out of bounds

entry pairs (xs: []f32) (ys: []f32) =
  map (\x -> f32.sum (map (\y -> x * y + 1) ys)) xs

-- Digits of each row joined left to right (not commutative).
entry joined [n][m] (xss: [n][m]i32) : [n]i64 =
  map (\row ->
         let (v, _) = reduce (\(a, p) (b, q) -> (a * q + b, p * q)) (0i64, 1i64)
                             (map (\x -> (i64.i32 (x % 10), 10i64)) row)
         in v)
      xss

-- Sums of windows of k elements, read by index; k larger than the
-- array fails.
entry windows [n] (xs: [n]i32) (k: i64) =
  map (\i -> i32.sum (map (\j -> xs[i + j]) (iota k))) (iota (i64.max 1 (n - k + 1)))

-- ==
-- entry: shifted
-- input { [1, 2, 3, 4] 2i64 0i64 } output { [3, 5, 7] }
-- random input { [40000]i32 10i64 0i64 } auto output
-- random input { [40000]i32 10i64 1i64 } error: Index \[40000\] out of bounds
-- random input { [40000]i32 100i64 1i64 } error: Index \[40000\] out of bounds

entry shifted [n] (xs: [n]i32) (k: i64) (s: i64) =
  map (\i -> i32.sum (map (\j -> xs[i + j + s]) (iota k))) (iota (n - k + 1))
