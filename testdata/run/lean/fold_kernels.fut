-- description: reductions and scans with built-in operators and with scalar functions wrap as calls do (fold_order.fut: the order of combination).
-- ==
-- entry: builtin_ops
-- input { [1i32, 2147483647i32, 5i32] }
-- output { -2147483643i32 -2147483643i32 1i32 2147483647i32 [1i32, -2147483648i32, -2147483643i32] }

-- ==
-- entry: bools
-- input { [false, true, false] } output { true false [false, true, true] }

-- ==
-- entry: unsigned
-- input { [200u8, 100u8] } output { 44u8 [200u8, 44u8] 100u8 }

entry builtin_ops (xs: []i32) =
  (i32.sum xs, reduce (+) 0 xs, reduce i32.min i32.highest xs, i32.maximum xs, scan (+) 0 xs)

entry bools (bs: []bool) = (reduce (||) false bs, reduce (&&) true bs, scan (||) false bs)

entry unsigned (xs: []u8) = (u8.sum xs, scan (+) 0 xs, reduce u8.min 255 xs)
