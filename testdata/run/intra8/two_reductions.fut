-- description: per row, a sum and a maximum with its index (an operator
-- of two operands that does not commute on ties), then a scan of values
-- that depend on them: several operands and operators in one work-group.
-- ==
-- entry: main
-- input { [[1i32, 5, 2], [7i32, -1, 7]] }
-- output { [8i32, 13i32] [5i32, 7i32] [1i64, 0i64] [[3i32, 38, 49], [84i32, 64, 148]] }

def argmax (a: i32, i: i64) (b: i32, j: i64) : (i32, i64) =
  if a > b || (a == b && i < j) then (a, i) else (b, j)

def row [n] (xs: [n]i32) : (i32, i32, i64, [n]i32) =
  let s = i32.sum xs
  let (mx, ix) = reduce argmax (i32.lowest, -1) (zip xs (iota n))
  let ys = scan (+) 0 (map (\x -> x * s - mx) xs)
  in (s, mx, ix, ys)

entry main [m][n] (xss: [m][n]i32) : ([m]i32, [m]i32, [m]i64, [m][n]i32) =
  unzip4 (map row xss)

-- ==
-- entry: sizes
-- input { 3i64 40i64 } output { -315i32 }
-- input { 6i64 256i64 } output { 881i32 }
-- input { 2i64 257i64 } output { -7803i32 }
-- input { 3i64 5i64 } output { -25i32 }

entry sizes (m: i64) (n: i64) : i32 =
  let xss = tabulate_2d m n (\i j -> i32.i64 ((i * 5 + j * 11) % 23) - 11)
  let (s, mx, ix, yss) = unzip4 (map row xss)
  in i32.sum (map4 (\a b c ys -> a ^ b ^ i32.i64 c ^ ys[n - 1] ^ ys[n / 2]) s mx ix yss)
