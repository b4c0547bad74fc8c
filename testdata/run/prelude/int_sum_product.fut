-- description: i32.sum, i64.product and u8.sum (wrapping) on arrays.
-- ==
-- entry: sums
-- input { [1, 2, 3, 4] } output { 10 24i64 }
-- input { empty([0]i32) } output { 0 1i64 }

-- ==
-- entry: wrap_sum
-- input { [200u8, 100u8] } output { 44u8 }

entry sums (xs: []i32) = (i32.sum xs, i64.product (map i64.i32 xs))
entry wrap_sum (xs: []u8) = u8.sum xs
