-- description: a scan whose operands come from inner reductions gets
-- two versions: a thread per operand folding its reduction, or the
-- operands computed by a (versioned) map first, then the scan.
-- ==
-- structure gpu { /If/True/SegScan 2 /If/False/SegScan 2 /If/False/If 2 /If/False/If/False/SegRed 2 }
-- input { [1i32, 2, 3] } output { [9i32, 21, 36] }
-- input { empty([0]i32) } output { empty([0]i32) }

entry main (xs: []i32) : []i32 =
  scan (+) 0 (map (\x -> reduce (+) 0 (map (+ x) xs)) xs)

-- ==
-- entry: many
-- input { 40000i64 } output { 3i64 12i64 }

entry many (n: i64) : (i64, i64) =
  let ys = scan (+) 0 (map (\i -> i64.sum (map (+ i) (iota 3))) (iota n))
  in (ys[0], ys[3] - ys[2])
