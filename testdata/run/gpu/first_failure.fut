-- The runtime looks at the device's failure flag only where the host
-- needs a value from the device, so a failing kernel may be followed by
-- more launches: the failure reported is still the first in program
-- order, and a kernel after a failed one does not loop over its garbage.
-- ==
-- entry: kernel_then_host
-- input { [1, 2, 3] 1i64 1i64 } output { [4, 5] }
-- input { [1, 2, 3] 5i64 1i64 } error: Index \[5\] out of bounds
-- input { [1, 2, 3] 1i64 10i64 } error: out of bounds

-- ==
-- entry: kernel_then_kernel
-- input { [1, 2, 3] 0i64 0i64 } output { [4, 5, 6] }
-- input { [1, 2, 3] 7i64 0i64 } error: Index \[7\] out of bounds
-- input { [1, 2, 3] 7i64 9i64 } error: Index \[7\] out of bounds
-- input { [1, 2, 3] 0i64 9i64 } error: Index \[9\] out of bounds

-- A kernel that fails for an index past `xs`, then a slice checked on
-- the host.
entry kernel_then_host (xs: []i32) (i: i64) (j: i64) : []i32 =
  let ys = map (\x -> x + xs[i]) xs
  in ys[j:]

-- Two kernels that may each fail, the second looping over the first's
-- results (which it must not do when the first failed).
entry kernel_then_kernel (xs: []i32) (i: i64) (j: i64) : []i32 =
  let ys = map (\x -> x + xs[i]) xs
  let zs = map (\y -> loop v = y while v < y + 2 do v + 1) ys
  in map (\z -> z + i32.i64 (j - j) * xs[j]) zs
