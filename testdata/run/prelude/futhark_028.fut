-- description: prelude functions new in Futhark 0.28: the `pi` variants of the trigonometric functions, `rsqrt`, `exscan`, `flatmap`, and vector AD (`jmp`, `mjp`, `with_vjp`).
-- ==
-- entry: trig_pi
-- input { [0.0f64, 0.5f64, 1.0f64, -0.5f64] }
-- output { [0.0f64, 1.0f64, 0.0f64, -1.0f64] [1.0f64, 0.0f64, -1.0f64, 0.0f64] }

-- ==
-- entry: inverse_pi
-- input { [1.0f32, 0.0f32, -1.0f32] }
-- output { [0.5f32, 0.0f32, -0.5f32] [0.0f32, 0.5f32, 1.0f32] [0.25f32, 0.0f32, -0.25f32] }

-- ==
-- entry: angle_pi
-- input { 1.0f64 -1.0f64 } output { 0.75f64 }

-- ==
-- entry: recip_sqrt
-- input { [4.0f64, 0.25f64] } output { [0.5f64, 2.0f64] }

-- ==
-- entry: exclusive_sums
-- input { [3, 1, 4, 1] } output { [0, 3, 4, 8] }
-- input { empty([0]i32) } output { empty([0]i32) }

-- ==
-- entry: runs
-- input { [2i64, 0i64, 3i64] }
-- output { [2i64, 0i64, 3i64] [true, false, true, false, false] [0i64, 2i64, 2i64] [0i64, 1i64, 0i64, 1i64, 2i64] [4i64, 0i64, 6i64] }

-- ==
-- entry: jacobian_rows
-- input { 3.0f64 } output { [6.0f64, 12.0f64] [1.0f64, 2.0f64] }

-- ==
-- entry: custom_derivative
-- input { 4.0f64 } output { 16.0f64 8.0f64 }

entry trig_pi (xs: []f64) = (map f64.sinpi xs, map f64.cospi xs)

entry inverse_pi (xs: []f32) = (map f32.asinpi xs, map f32.acospi xs, map f32.atanpi xs)

entry angle_pi (y: f64) (x: f64) = f64.atan2pi y x

entry recip_sqrt (xs: []f64) = map f64.rsqrt xs

entry exclusive_sums (xs: []i32) = exscan (+) 0 xs

entry runs (ks: []i64) =
  flatmap (\k -> (iota k, k * 2)) ks

-- The derivative of x*x at x, in the directions 1 and 2, forwards and backwards.
entry jacobian_rows (x: f64) =
  (jmp (\y -> y * y) x [1, 2], mjp (\y -> y / 2) x [2, 4])

entry custom_derivative (x: f64) =
  let square = with_vjp (\y -> y * y) (\_ adj -> 2 * x * adj)
  in (square x, vjp square x 1)
