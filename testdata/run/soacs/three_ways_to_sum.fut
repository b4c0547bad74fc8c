-- description: the same sum computed by reduce, scan, foldl, a loop and hist must agree (one test block for five entries).
-- ==
-- entry: by_reduce by_scan by_foldl by_loop by_hist
-- input { [1, 2, 3, 4] } output { 10 }
-- input { empty([0]i32) } output { 0 }
-- input { [-5, 5, 2147483647, 1] } output { -2147483648 }

entry by_reduce (xs: []i32) = reduce (+) 0 xs
entry by_scan [n] (xs: [n]i32) = if n == 0 then 0 else (scan (+) 0 xs)[n - 1]
entry by_foldl (xs: []i32) = foldl (+) 0 xs
entry by_loop (xs: []i32) = loop s = 0 for x in xs do s + x
entry by_hist [n] (xs: [n]i32) = (hist (+) 0 1 (replicate n 0) xs)[0]
