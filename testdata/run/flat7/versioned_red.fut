-- description: a map over rows whose body is a reduction gets two
-- versions: one thread per row (chosen when there are many rows) and a
-- segmented reduction; both give the same sums.
-- ==
-- structure gpu { If 2 /If/True/SegMap 2 /If/False/SegRed 2 }
-- input { [[1i32, 2, 3], [4, 5, 6]] 10i32 } output { [36i32, 45] }
-- input { empty([0][4]i32) 1i32 } output { empty([0]i32) }

entry main [n] [m] (rows: [n][m]i32) (k: i32) : [n]i32 =
  map (\row -> i32.sum (map (+ k) row)) rows

-- ==
-- entry: many
-- input { 40000i64 } output { 3i64 120000i64 }
-- input { 5i64 } output { 3i64 15i64 }

entry many (n: i64) : (i64, i64) =
  let sums = map (\i -> i64.sum (map (+ i) (iota 3))) (iota n)
  in (sums[0], sums[n - 1])
