-- Single-thread kernels of migrated code merge across host statements
-- that neither need the first nor make what the second takes; checks
-- of the second's reads go before both.
-- ==
-- input { [1i32, 2i32, 3i32, 4i32] } output { [14i32, 16i32, 17i32, 18i32] }
-- input { [42i32, 2i32, 3i32, 42i32] } output { [-76i32, -74i32, -73i32, -34i32] }
-- structure gpu { GPUBody 1 }

#[noinline]
def on_host (x: i32) : i32 =
  if x == 42 then (opaque [x - 80])[0] else 7

#[noinline]
def both 'a (x: a) : a = x

entry main [n] (xs: *[n]i32) : *[n]i32 =
  let (p, q) = both (xs[0], xs[1])
  let u = on_host p
  let (r, s) = both (xs[2], xs[3])
  let v = on_host s
  let ys = xs with [0] = q + r - 5
  in map (+ (u + v)) ys
