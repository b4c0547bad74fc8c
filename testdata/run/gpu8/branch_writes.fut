-- Branches and loops that write single elements in place stay host code
-- when their condition is on the host (the written values computed on
-- the device and written from there), and migrate whole otherwise.
-- ==
-- entry: host_cond
-- input { [1i64, 2i64, 3i64] true } output { [2i64, 2i64, 1i64] }
-- input { [1i64, 2i64, 3i64] false } output { [1i64, 2i64, 1i64] }

entry host_cond [n] (xs: *[n]i64) (c: bool) : *[n]i64 =
  let x = xs[0]
  let ys = if c then xs with [0] = x + 1 else xs
  in ys with [2] = x

-- ==
-- entry: device_cond
-- input { [0i64, 4i64, 5i64] 2i64 } output { [0i64, 4i64, 10i64] }
-- input { [1i64, 4i64, 5i64] 1i64 } output { [1i64, 6i64, 5i64] }

entry device_cond [n] (xs: *[n]i64) (i: i64) : *[n]i64 =
  if xs[0] == 0 then xs with [i] = xs[1] + 6 else xs with [i] = xs[0] + 5

-- ==
-- entry: loop_writes
-- input { [5i64, 0i64, 0i64, 0i64, 0i64, 0i64, 0i64, 0i64, 0i64, 0i64] }
-- output { [42i64, 42i64, 42i64, 42i64, 0i64, 42i64, 11i64, 42i64, 0i64, 42i64] }

entry loop_writes [n] (xs: *[n]i64) : *[n]i64 =
  let (x, ys) =
    loop (x, ys) = (xs[0], xs) for i < n do
      if i % 4 == 0 && i > 0 then (x - 1, ys) else (x + 1, ys with [i] = 42)
  in ys with [6] = x
