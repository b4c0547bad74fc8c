-- description: a run-time error inside a map or reduce over scalars is reported as before: the failing operation, where, and the calls that led there.
-- ==
-- entry: divide
-- input { [1i32, 2i32] } output { [12i32, 6i32] }
-- input { [1i32, 0i32, 3i32] } error: kernel_errors.fut:17:.*Cannot apply operator
-- input { [3i32, 2i32, 1i32, 0i32] } error: kernel_errors.fut:17:.*Cannot apply operator

-- ==
-- entry: in_reduce
-- input { [1i64, 0i64] } error: kernel_errors.fut:21:.*Cannot apply operator

-- ==
-- entry: asserted
-- input { [1f32, 2f32] } output { [1f32, 2f32] }
-- input { [1f32, -2f32] } error: x > 0

def safe_div (d: i32) = 12 / d

entry divide (ds: []i32) = map safe_div ds

def combine (a: i64) (b: i64) = a % b

entry in_reduce (xs: []i64) = reduce combine 7 xs

entry asserted (xs: []f32) = map (\x -> assert (x > 0) x) xs
