-- description: 1-D tiling: every thread of a row of the result folds the
-- same row of `xss` (a work-group of 256 consecutive threads copies each
-- tile of it once), checked against loops; a row length not a multiple
-- of the tile, an empty row, a group past the end of the space.
-- ==
-- input { 5i64 13i64 7000i64 } output { true 67i32 }
-- input { 3i64 300i64 11000i64 } output { true 909i32 }
-- input { 2i64 0i64 20000i64 } output { true 0i32 }
-- input { 2i64 3i64 5i64 } output { true 6i32 }

#[noinline]
def rows [m][k][n] (xss: [m][k]i32) (ys: [n]i32) : [m][n]i32 =
  map (\xs -> map (\y -> i32.sum (map (\x -> x * y + 1) xs)) ys) xss

#[noinline]
def by_loops [m][k][n] (xss: [m][k]i32) (ys: [n]i32) : [m][n]i32 =
  tabulate_2d m n (\i j -> loop s = 0 for l < k do s + xss[i, l] * ys[j] + 1)

entry main (m: i64) (k: i64) (n: i64) =
  let xss = tabulate_2d m k (\i j -> i32.i64 ((i * 3 + j * 5) % 17) - 8)
  let ys = tabulate n (\j -> i32.i64 (j % 9) - 4)
  let c = rows xss ys
  let r = by_loops xss ys
  let same = and (map2 (==) (flatten c) (flatten r))
  in (same, i32.sum (map (\row -> row[n - 1]) c))
