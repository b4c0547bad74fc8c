-- description: the interpreter combines the elements of a reduction or scan
-- from left to right, so operators that are not associative (floating-point
-- sums that cancel, `2 * a + b`) give the sequential fold's result.
-- Off OpenCL: a parallel reduction or scan combines in another order, which
-- Futhark allows for associative operators only, so the results there differ.
-- ==
-- tags { no_opencl }
-- entry: float_order
-- input { [1e20f64, 1f64, -1e20f64, 1f64] } output { 1f64 [1e20f64, 1e20f64, 0f64, 1f64] }

-- ==
-- entry: lambda_ops
-- input { [1i64, 2i64, 3i64] } output { 11i64 [2i64, 7i64, 18i64] 3i64 }
-- input { empty([0]i64) } output { 0i64 empty([0]i64) -9223372036854775808i64 }

entry float_order (xs: []f64) = (f64.sum xs, scan (+) 0 xs)

entry lambda_ops (xs: []i64) =
  (reduce (\a b -> 2 * a + b) 0 xs, scan (\a b -> 2 * a + b + 1) 0 xs, reduce (\a b -> if a > b then a else b) i64.lowest xs)
