-- description: arrays of scalars kept unboxed behave as before under updates, scatter, concatenation, transposition, rotation, replication, slicing and differentiate through jvp.
-- ==
-- entry: updates
-- input { 4i64 } output { [9i64, 1i64, 9i64, 3i64] [0i64, 6i64] [[5i32, 5i32], [1i32, 5i32]] }

-- ==
-- entry: reshaping
-- input { [[1u16, 2u16, 3u16], [4u16, 5u16, 6u16]] }
-- output { [[1u16, 4u16], [2u16, 5u16], [3u16, 6u16]] [4u16, 5u16, 6u16, 1u16, 2u16, 3u16] [1u16, 2u16, 3u16, 4u16, 5u16, 6u16, 6u16, 5u16, 4u16] }

-- ==
-- entry: derivative
-- input { [1f64, 2f64, 3f64] } output { [2f64, 4f64, 6f64] }

-- ==
-- entry: strided
-- input { [1i8, 2i8, 3i8, 4i8, 5i8] } output { [5i8, 3i8, 1i8] [2i8, 4i8] }

entry updates (n: i64) =
  let xs = iota n
  let xs = scatter xs [0, 2, 7] [9, 9, 9]
  let ys = copy xs[1:3] with [1] = 7
  let zs = replicate 2 (replicate 2 5i32) with [1, 0] = 1
  in (xs, map (\y -> y - 1) ys, zs)

entry reshaping (m: [2][3]u16) =
  (transpose m, flatten (rotate 1 m), flatten m ++ reverse m[1])

entry derivative [n] (xs: [n]f64) = jvp (map (\x -> x * x)) xs (replicate n 1)

entry strided (xs: []i8) = (xs[::-2], xs[1::2])
