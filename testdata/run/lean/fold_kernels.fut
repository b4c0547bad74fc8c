-- description: reductions and scans with built-in operators and with scalar functions keep the order of the combinations and wrap as calls do.
-- ==
-- entry: builtin_ops
-- input { [1i32, 2147483647i32, 5i32] }
-- output { -2147483643i32 -2147483643i32 1i32 2147483647i32 [1i32, -2147483648i32, -2147483643i32] }

-- ==
-- entry: float_order
-- input { [1e20f64, 1f64, -1e20f64, 1f64] } output { 1f64 [1e20f64, 1e20f64, 0f64, 1f64] }

-- ==
-- entry: lambda_ops
-- input { [1i64, 2i64, 3i64] } output { 11i64 [2i64, 7i64, 18i64] 3i64 }
-- input { empty([0]i64) } output { 0i64 empty([0]i64) -9223372036854775808i64 }

-- ==
-- entry: bools
-- input { [false, true, false] } output { true false [false, true, true] }

-- ==
-- entry: unsigned
-- input { [200u8, 100u8] } output { 44u8 [200u8, 44u8] 100u8 }

entry builtin_ops (xs: []i32) =
  (i32.sum xs, reduce (+) 0 xs, reduce i32.min i32.highest xs, i32.maximum xs, scan (+) 0 xs)

entry float_order (xs: []f64) = (f64.sum xs, scan (+) 0 xs)

-- Not associative: the order of combination shows.
entry lambda_ops (xs: []i64) =
  (reduce (\a b -> 2 * a + b) 0 xs, scan (\a b -> 2 * a + b + 1) 0 xs, reduce (\a b -> if a > b then a else b) i64.lowest xs)

entry bools (bs: []bool) = (reduce (||) false bs, reduce (&&) true bs, scan (||) false bs)

entry unsigned (xs: []u8) = (u8.sum xs, scan (+) 0 xs, reduce u8.min 255 xs)
