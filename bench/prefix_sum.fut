-- Inclusive prefix sum of i32.
-- ==
-- input { [1i32, 2, 3, 4] } output { [1i32, 3, 6, 10] }
-- random input { [1000]i32 }
-- notest random input { [10000000]i32 }
-- notest random input { [100000000]i32 }

entry main (xs: []i32) : []i32 = scan (+) 0 xs
