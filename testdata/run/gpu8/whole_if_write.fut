-- A branch of scalar code whose condition is a device value migrates
-- whole; the value is then written from the device, read by nobody.
-- ==
-- entry: bump
-- input { [5i32, 6i32] 5i32 } output { [8i32, 6i32] }
-- input { [4i32, 6i32] 5i32 } output { [5i32, 6i32] }
-- structure gpu { /GPUBody 1 /GPUBody/If 1 /Index 0 /Update 1 }

entry bump [n] (xs: *[n]i32) (a: i32) : *[n]i32 =
  let x = xs[0]
  let y = if x == a then a + 3 else a
  in xs with [0] = y
