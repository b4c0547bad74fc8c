-- At the top level a scatter of concatenated indices and values is one
-- SegMap computing every round's writes, then one scatter kernel per
-- round (counted inside the one WithAcc Futhark makes of it).
-- ==
-- structure gpu { WithAcc 1 GPUBody 0 }
-- input { [1i64, 3] } output { [0i32, 1, 2, 1, 2] }

entry main (is: []i64) : []i32 =
  let js = map (+ 1) is
  in scatter (replicate 5 0) (is ++ js) (map (const 1) is ++ map (const 2) js)
