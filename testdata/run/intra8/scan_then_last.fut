-- description: each row's prefix sums and, over them, the last value not
-- a multiple of three (an operator that does not commute): rows of a
-- work-group each when rows are between 32 and 256 long.
-- ==
-- entry: main
-- input { [[1i32, 2, 3, 4], [3i32, 3, 3, 3]] }
-- output { [[1i32, 3, 6, 10], [3i32, 6, 9, 12]] [10i32, 0] }

def last_kept (a: i32) (b: i32) : i32 = if b % 3 == 0 then a else b

entry main [m][n] (xss: [m][n]i32) : ([m][n]i32, [m]i32) =
  unzip (map (\xs -> let ys = scan (+) 0 xs
                     in (ys, reduce last_kept 0 ys)) xss)

-- ==
-- entry: sizes
-- input { 3i64 40i64 } output { 1i32 }
-- input { 5i64 200i64 } output { 0i32 }
-- input { 4i64 1000i64 } output { 18i32 }
-- input { 2i64 7i64 } output { -8i32 }

entry sizes (m: i64) (n: i64) : i32 =
  let xss = tabulate_2d m n (\i j -> i32.i64 ((i * 7 + j * 13) % 17) - 8)
  let (yss, ls) = unzip (map (\xs -> let ys = scan (+) 0 xs
                                     in (ys, reduce last_kept 0 ys)) xss)
  in i32.sum (map2 (\ys l -> ys[n - 1] ^ l) yss ls)
