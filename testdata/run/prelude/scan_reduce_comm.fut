-- description: scan (inclusive), reduce and reduce_comm with their neutral elements.
-- ==
-- entry: prefix
-- input { [1, 2, 3, 4] } output { [1, 3, 6, 10] [1, 2, 6, 24] }
-- input { empty([0]i32) } output { empty([0]i32) empty([0]i32) }

-- ==
-- entry: reds
-- input { [3, 9, 2] } output { 14 9 }
-- input { empty([0]i32) } output { 0 -2147483648 }

entry prefix (xs: []i32) = (scan (+) 0 xs, scan (*) 1 xs)
entry reds (xs: []i32) = (reduce (+) 0 xs, reduce_comm i32.max i32.lowest xs)
