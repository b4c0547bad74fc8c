-- Nested parallelism runs sequentially inside each thread.
-- ==
-- entry: matmul
-- input { [[1i32, 2], [3, 4]] [[5i32, 6], [7, 8]] } output { [[19i32, 22], [43, 50]] }

entry matmul [n][m][p] (a: [n][m]i32) (b: [m][p]i32) : [n][p]i32 =
  map (\row -> map (\col -> reduce (+) 0 (map2 (*) row col)) (transpose b)) a

-- ==
-- entry: row_sums
-- input { [[1f64, 2, 3], [4, 5, 6]] } output { [6f64, 15] }

entry row_sums (xss: [][]f64) : []f64 = map (\xs -> reduce (+) 0 xs) xss

-- ==
-- entry: collatz
-- input { [1i64, 6, 7, 27] } output { [0i64, 8, 16, 111] }

entry collatz (xs: []i64) : []i64 =
  map (\x -> (loop (n, steps) = (x, 0) while n != 1 do
                if n % 2 == 0 then (n / 2, steps + 1) else (3 * n + 1, steps + 1)).1) xs

-- ==
-- entry: prefix_rows
-- input { [[1i32, 2, 3], [4, 5, 6]] } output { [[1i32, 3, 6], [4, 9, 15]] }

entry prefix_rows (xss: [][]i32) : [][]i32 = map (scan (+) 0) xss

-- ==
-- entry: outer_sum
-- input { [1i32, 2] [10i32, 20, 30] } output { [[11i32, 21, 31], [12, 22, 32]] }

-- A map of a map of a width known outside: one thread per inner element.
entry outer_sum (xs: []i32) (ys: []i32) : [][]i32 =
  map (\i -> map (\y -> y + xs[i]) ys) (indices xs)

-- ==
-- entry: cube
-- input { [1i32, 2] [10i32, 20] [100i32, 200, 300] }
-- output { [[[111i32, 211, 311], [121, 221, 321]], [[112, 212, 312], [122, 222, 322]]] }

-- Three levels of maps of widths known outside: one SegMap over the
-- product of the three widths.
entry cube (xs: []i32) (ys: []i32) (zs: []i32) : [][][]i32 =
  map (\x -> map (\y -> map (\z -> x + y + z) zs) ys) xs
