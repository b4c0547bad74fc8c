-- description: an entry point parameter that is a tuple of scalars or arrays
-- is read as its components, one value each.
-- ==
-- entry: pair
-- input { 3i64 [1.0f32, 2.0f32] } output { 6.0f32 }

-- ==
-- entry: mixed
-- input { 2 [1, 2, 3] true 4i64 } output { 3i64 [2, 3] }

type~ data = (i64, []f32)

entry pair ((n, xs): data) = f32.sum xs + f32.i64 n

entry mixed (i: i32, xs: []i32) (b: bool) (k: i64) =
  (if b then k - 1 else k, xs[i64.i32 i - 1:])
