-- One arm gives a constant, made a one-element array on the device.
-- ==
-- entry: pick_const
-- input { [1i64, 2i64, 3i64] true } output { 9i64 }
-- input { [1i64, 2i64, 3i64] false } output { 103i64 }

entry pick_const [n] (xs: [n]i64) (c: bool) : i64 =
  let v = if c then xs[0] * 6 else 100
  in v + xs[2]
