-- A nest of maps whose innermost lambda ends in a reduction and then
-- scalar code is split in two: a segmented reduction over the whole
-- nest, then a map over the nest running the code after it (the cheap
-- statements before the reduction, at every level, run in both).
-- ==
-- entry: centre_sums
-- input { [0u8, 1u8, 0u8] [[1f32, 2f32], [3f32, 4f32], [5f32, 6f32]] [2f32, 1f32, 7f32] 0i64 }
-- output { [[3f32, 4f32], [3f32, 4f32], [0f32, 0f32]] }
-- random input { [2000]u8 [2000][5]f32 [7]f32 0i64 } auto output
-- input { [0u8, 3u8] [[1f32], [2f32]] [1f32, 1f32] 1i64 } error: out of bounds

-- ==
-- entry: scaled_row_sums
-- input { [[[1, 2], [3, 4]], [[5, 6], [7, 8]]] [10, 100] }
-- output { [[23, 27], [211, 215]] }
-- random input { [30][40][50]i32 [30]i32 } auto output
-- random input { [3][0][5]i32 [3]i32 } auto output

-- ==
-- entry: prefix_last
-- input { [[[1, 2, 3]], [[4, 5, 6]]] } output { [[6], [15]] }
-- random input { [20][30][40]i32 } auto output

-- For each centre j and coordinate c: the sum of that coordinate over
-- the points whose owner is j, divided by the centre's weight (read
-- before at the outer level, `off` places along, and failing past the
-- weights).
entry centre_sums [n][d][k] (owner: [n]u8) (points: [n][d]f32) (weights: [k]f32) (off: i64) : [k][d]f32 =
  map (\j ->
         let w = f32.max 1 weights[(j + off) % (k + off)]
         in map (\c ->
                   let s = f32.sum (map2 (\o p -> if i64.u8 o % k == j then p[c] else 0) owner points)
                   in s / w)
                (iota d))
      (iota k)

def b32 (n: i64) : i32 = i32.i64 n

-- Row sums of each matrix, then arithmetic on them and a value read
-- at the outer level.
entry scaled_row_sums [a][b][c] (xsss: [a][b][c]i32) (ks: [a]i32) : [a][b]i32 =
  map2 (\xss k -> map (\xs -> let s = i32.sum xs in s * 1 + k * b32 (length xs)) xss) xsss ks

-- The last element of each row's prefix sum, plus the row's first.
entry prefix_last [a][b][c] (xsss: [a][b][c]i32) : [a][b]i32 =
  map (\xss -> map (\xs -> let ps = scan (+) 0 xs in ps[c - 1] + xs[0] - xs[0]) xss) xsss
