-- Several parameters, starting from device values.
-- ==
-- entry: pair
-- input { [3i64, 4i64, 9i64] } output { 9909906i64 }

entry pair [n] (xs: [n]i64) : i64 =
  let (a, b) =
    loop (a, b) = (xs[0], xs[1]) for i < 3 do
      let z = a + b
      in (z % 22, z * z)
  in a + b

-- A parameter the host needs in each iteration is read there, while the
-- values it comes from stay on the device.
-- ==
-- entry: steps
-- input { [2i64, 5i64, 1i64] } output { [2i64, 5i64, 13i64] }

entry steps [n] (xs: *[n]i64) : *[n]i64 =
  let (_, ys) =
    loop (k, ys) = (xs[0], xs) for i < n do
      let j = k % n
      let ys' = ys with [j] = ys[j] + 1 + i * 3
      in (ys'[i], ys')
  in ys

-- A loop-carried value used by a map in each iteration: the map's
-- threads load it from the device.
-- ==
-- entry: shift
-- input { [1i64, 2i64, 3i64] } output { [7i64, 8i64, 9i64] }

entry shift [n] (xs: [n]i64) : [n]i64 =
  let x = xs[0]
  in loop ys = xs for y in xs do
       let z = x + y
       in map (+ (z - z + 2)) ys

-- A branch inside a loop gives a device value or a host one.
-- ==
-- entry: select
-- input { [7i32, 8i32, 9i32, 10i32, 11i32] 42i32 } output { 42i32 }
-- input { [7i32, 8i32, 9i32] 42i32 } output { 9i32 }

entry select [n] (xs: [n]i32) (x: i32) : i32 =
  let (_, res) =
    loop (c, r) = (0, x) for z in xs do
      if c == 3 then (c, x) else (c + 1, z)
  in res

-- A loop whose bound is read from the device.
-- ==
-- entry: bounded
-- input { [3i64, 1i64, 2i64] } output { 9i64 }

entry bounded [n] (xs: [n]i64) : i64 =
  loop s = 0 for i < xs[0] do s + xs[i % n] + 1
