-- description: head, tail, init and last on small arrays.
-- ==
-- entry: ends
-- input { [4, 8, 15, 16] } output { 4 [8, 15, 16] [4, 8, 15] 16 }
-- input { [42] } output { 42 empty([0]i32) empty([0]i32) 42 }

entry ends (xs: []i32) = (head xs, tail xs, init xs, last xs)
