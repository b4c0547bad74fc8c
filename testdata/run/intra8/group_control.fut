-- description: branches, loops and in-place updates at work-group level
-- (the group's threads take the same branch and iterations; one thread
-- writes an updated element once all are done with the array).
-- ==
-- entry: branchy
-- input { [true, false] [[1i32, 2, 3], [4i32, 5, 6]] }
-- output { [[2i32, 4, 6], [4i32, 9, 15]] }

entry branchy [m][n] (bs: [m]bool) (xss: [m][n]i32) : [m][n]i32 =
  #[flattening(only_intra)]
  map2 (\b xs -> if b then map (* 2) xs else scan (+) 0 xs) bs xss

def smooth [n] (xs: [n]i32) : [n]i32 =
  map3 (\a b c -> (a + 2 * b + c) % 1009) (rotate (-1) xs) xs (rotate 1 xs)

-- ==
-- entry: steps
-- input { 2 [[1i32, 2, 3, 4], [0i32, 0, 10, 0]] }
-- output { [[36i32, 36, 44, 44], [20i32, 40, 60, 40]] }

entry steps [m][n] (k: i32) (xss: [m][n]i32) : [m][n]i32 =
  #[flattening(only_intra)]
  map (\xs -> loop xs for _i < k do smooth xs) xss

def bumped [n] (xs: [n]i32) : [n]i32 =
  let ys = scan (+) 0 xs
  let ys[0] = ys[0] + 100
  in scan (+) 0 ys

-- ==
-- entry: bump
-- input { [[1i32, 2, 3], [4i32, 5, 6]] }
-- output { [[101i32, 104i32, 110i32], [104i32, 113i32, 128i32]] }

entry bump [m][n] (xss: [m][n]i32) : [m][n]i32 =
  #[flattening(only_intra)]
  map bumped xss

-- ==
-- entry: sizes
-- input { 3i64 2i64 } output { 7727i32 }
-- input { 4i64 100i64 } output { 30727571i32 }
-- input { 2i64 256i64 } output { 253332429i32 }
-- input { 3i64 700i64 } output { -845765170i32 }

entry sizes (m: i64) (n: i64) : i32 =
  let xss = tabulate_2d m n (\i j -> i32.i64 ((i * 13 + j * 7) % 19))
  let bs = tabulate m (\i -> i % 2 == 0)
  let a = #[flattening(only_intra)]
          map2 (\b xs -> if b then map (* 2) xs else scan (+) 0 xs) bs xss
  let b = #[flattening(only_intra)]
          map (\xs -> loop xs for _i < 3 do smooth xs) xss
  let c = #[flattening(only_intra)] map bumped xss
  in i32.sum (map3 (\x y z -> x ^ (y * 3) ^ (z * 5)) (flatten a) (flatten b) (flatten c))
