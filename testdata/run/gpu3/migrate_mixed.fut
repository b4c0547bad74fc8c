-- description: host values (a parameter, a size) combine with reads on
-- the device; a read the host needs anyway (a size of what it builds)
-- stays a plain read, and a kernel uses it.
-- ==
-- input { 3i32 [1i32, 2, 3, 4] } output { 9i32 [7i32, 8, 9, 10] 2i64 }
-- input { 0i32 [10i32, 20] } output { 0i32 [32i32, 42] 1i64 }

entry main (k: i32) (xs: []i32) : (i32, []i32, i64) =
  let a = xs[0] * k + xs[1] * k
  let b = xs[1] + i32.i64 (length xs)
  let ys = map (+ b) xs
  let c = i64.i32 xs[0] % 2 + 1
  in (a, ys, length (iota (c + 1) |> map (* 2) |> filter (> 0)))
