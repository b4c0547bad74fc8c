-- Scalars that only kernels use stay on the device: an element read is
-- read again by each thread of the map that uses it, and a value a
-- single-thread kernel computes is passed on to the next one as a
-- one-element array, so nothing is read back to the host.
-- ==
-- entry: offsets
-- input { [10i64, 20i64, 30i64] } output { [40i64, 50i64, 60i64] }
-- structure gpu { /Index 0 /SegMap 1 }

entry offsets [n] (xs: *[n]i64) : [n]i64 =
  let xs = xs with [0] = 10
  let k = (opaque xs)[2]
  in map (+ k) xs

-- ==
-- entry: chained
-- input { [3i64, 4i64, 5i64] 2i64 } output { [3i64, 4i64, 8i64] }
-- input { [0i64, 4i64, 5i64] 1i64 } output { [0i64, 10i64, 5i64] }

entry chained [n] (xs: *[n]i64) (i: i64) : [n]i64 =
  let c = xs[0] == 0
  let ys = if c then xs with [i] = xs[1] + 6 else xs with [i] = xs[0] + 5
  in ys
