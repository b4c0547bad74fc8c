-- description: two maps around a sum are one segmented reduction over
-- every (i, j) pair in the flattened version, and one thread per pair in
-- the other; the index spaces of `tabulate` are not built as arrays.
-- ==
-- structure gpu { If 1 /If/True/SegMap 1 /If/False/SegRed 1 Iota 0 /If/False/SegRed/SegBinOp 1 }
-- input { [[[1i32, 2], [3, 4], [5, 6]], [[7, 8], [9, 10], [11, 12]]] }
-- output { [[3i32, 9, 15], [15, 21, 27]] }
-- input { empty([0][3][2]i32) } output { empty([0][3]i32) }

entry main [n] [m] [k] (xsss: [n][m][k]i32) : [n][m]i32 =
  tabulate_2d n m (\i j -> i32.sum (map (+ i32.i64 j) xsss[i, j]))
