-- `structure gpu` blocks count the kernel IR's constructs under Futhark's
-- names, over every entry point: a map fused into a reduction or a scan
-- is part of that SegRed or SegScan, and two reductions of one screma are
-- one SegRed with two operators.
-- ==
-- entry: main
-- structure gpu { SegRed 1 SegScan 1 SegMap 0 /SegRed/SegBinOp 2 }
-- input { [1i32, 2, 3] } output { 12i32 6i32 }

entry main (xs: []i32) : (i32, i32) =
  let ys = map (* 2) xs
  in (reduce (+) 0 ys, reduce i32.max i32.lowest ys)

-- ==
-- entry: scanned
-- input { [1i32, 2, 3] } output { [2i32, 5, 9] }

entry scanned (xs: []i32) : []i32 = scan (+) 0 (map (+ 1) xs)
