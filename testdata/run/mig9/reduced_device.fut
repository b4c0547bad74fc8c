-- A reduction's result that only kernels use stays on the device: the
-- scalar code between them runs in a single-thread kernel, nothing is
-- read back.
-- ==
-- entry: scale
-- input { [2f32, 2f32, 2f32, 2f32] } output { [0.125f32, 0.125f32, 0.125f32, 0.125f32] }
-- input { [3f32, 4f32] } output { [0.12f32, 0.16f32] }
-- structure gpu { /Index 0 /GPUBody 1 /SegRed 1 /SegMap 1 }

entry scale [n] (xs: [n]f32) : [n]f32 =
  let s = f32.sum (map (\x -> x * x) xs)
  let k = s + f32.sqrt s - f32.sqrt s
  in map (/ k) xs

-- ==
-- entry: rows
-- input { [[1i32, 2i32], [3i32, 4i32]] } output { [[-2i32, -1i32], [-4i32, -3i32]] }
-- input { empty([0][3]i32) } output { empty([0][3]i32) }

entry rows [n] [m] (xss: *[n][m]i32) : *[n][m]i32 =
  loop xss for i < n do
    let t = i32.sum xss[i]
    in xss with [i] = map (\x -> x - t) xss[i]
