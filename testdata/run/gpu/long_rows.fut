-- Segmented reductions of few long rows: the runtime may cut each row
-- into parts reduced by work-groups of their own, then fold each row's
-- partial results in order. Operators that commute and that do not,
-- rows given and rows a fused map computes, with a failing check inside
-- the map.
-- ==
-- entry: row_sums
-- input { [[1, 2, 3], [4, 5, 6]] } output { [6, 15] }
-- random input { [3][200000]i32 } auto output
-- random input { [1][1000003]i32 } auto output

-- ==
-- entry: row_firsts
-- input { [[1, 2, 3], [4, 5, 6]] } output { [1, 4] }
-- random input { [2][300001]i32 } auto output

-- ==
-- entry: mapped_rows
-- input { [[1f32, 2f32], [3f32, 4f32]] [1f32, 2f32] 0i64 } output { [5f32, 11f32] }
-- random input { [4][250000]f32 [250000]f32 0i64 } auto output
-- random input { [4][250000]f32 [250000]f32 1i64 } error: out of bounds

-- ==
-- entry: ordered_mapped_rows
-- input { [[1, 2, 3], [4, 5, 6]] } output { [123i64, 456i64] }
-- random input { [2][200001]i32 } auto output

entry row_sums [n][m] (xss: [n][m]i32) : [n]i32 =
  map i32.sum xss

-- The first element of each row other than -1, by an operator that
-- keeps its left operand unless it is -1 (not commutative).
entry row_firsts [n][m] (xss: [n][m]i32) : [n]i32 =
  map (\xs -> reduce (\a b -> if a == -1 then b else a) (-1) xs) xss

-- Dot products of every row with `ys`, read `off` places along (past
-- the end when `off` is 1 at the last element).
entry mapped_rows [n][m] (xss: [n][m]f32) (ys: [m]f32) (off: i64) : [n]f32 =
  map (\xs -> f32.sum (map2 (\x i -> x * ys[i + off]) xs (iota m))) xss

-- Digits of each row joined left to right, modulo a prime (an operator
-- that does not commute, over mapped operands).
entry ordered_mapped_rows [n][m] (xss: [n][m]i32) : [n]i64 =
  map (\row ->
         let (v, _) = reduce (\(a, p) (b, q) -> ((a * q + b) % 1000000007, (p * q) % 1000000007))
                             (0i64, 1i64)
                             (map (\x -> (i64.i32 (x % 10 + 10) % 10, 10i64)) row)
         in v)
      xss
