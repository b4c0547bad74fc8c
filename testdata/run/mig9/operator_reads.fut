-- Reads of device values that only an operator uses are done inside
-- the kernel, by each application of the operator: nothing is read back
-- to the host. (The operators keep their neutral elements whatever the
-- value read.)
-- ==
-- entry: red
-- input { [3i64, 5i64, 1i64, 4i64] } output { 25i64 }
-- input { [0i64, 0i64] } output { 0i64 }

entry red [n] (xs: [n]i64) : i64 =
  let ys = opaque (map (* 2) xs)
  let k = ys[1] / 5
  in reduce_comm (\a b -> if k > 0 then a + b else i64.max a b) 0 (map (+ xs[0]) xs)

-- ==
-- entry: sc
-- input { [1i32, 2i32, 3i32] } output { [1i32, 3i32, 6i32] }
-- input { [1i32, -2i32, 3i32] } output { [1i32, 1i32, 3i32] }

entry sc [n] (xs: [n]i32) : [n]i32 =
  let k = xs[n - 2]
  in scan (\a b -> if k > 0 then a + b else i32.max a b) 0 xs

-- ==
-- entry: hi
-- input { [2i64, 7i64, 1i64, 6i64] } output { [0i64, 1i64, 8i64, 7i64] }
-- input { [2i64, 7i64, 0i64, 6i64] } output { [0i64, 0i64, 6i64, 7i64] }
-- structure gpu { /Index 0 /SegRed 1 /SegScan 1 /SegHist 1 }

entry hi [n] (xs: [n]i64) : [4]i64 =
  let k = xs[2]
  in hist (\a b -> if k > 0 then a + b else i64.max a b) 0 4 (map (% 4) xs) xs
