-- description: two maps around a sum are one segmented reduction over
-- every (i, j) pair in the flattened version, and one thread per pair in
-- the other; the index spaces of `tabulate` are not built as arrays
-- (the one `iota` built is `many`'s `iota 3`, read inside each thread).
-- ==
-- structure gpu { If 2 /If/True/SegMap 2 /If/False/SegRed 2 Iota 1 /If/False/SegRed/SegBinOp 2 }
-- input { [[[1i32, 2], [3, 4], [5, 6]], [[7, 8], [9, 10], [11, 12]]] }
-- output { [[3i32, 9, 15], [15, 21, 27]] }
-- input { empty([0][3][2]i32) } output { empty([0][3]i32) }

entry main [n] [m] [k] (xsss: [n][m][k]i32) : [n][m]i32 =
  tabulate_2d n m (\i j -> i32.sum (map (+ i32.i64 j) xsss[i, j]))

-- Enough (i, j) pairs for the version with a thread per pair.
-- ==
-- entry: many
-- input { 200i64 } output { 3i64 1197i64 }

entry many (n: i64) : (i64, i64) =
  let sums = tabulate_2d n n (\i j -> i64.sum (map (+ (i + j)) (iota 3)))
  in (sums[0, 0], sums[n - 1, n - 1])
