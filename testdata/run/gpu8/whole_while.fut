-- A `while` loop of scalar code whose condition comes from device values
-- migrates whole: one single-thread kernel runs it, and only its result
-- is read back.
-- ==
-- input { [3i64, 4i64, 5i64] } output { 1003i64 }
-- input { [1000i64, 1i64] } output { 1000i64 }
-- structure gpu { /GPUBody/Loop 1 /Index 1 }

entry main [n] (xs: [n]i64) : i64 =
  let a = xs[0]
  let b = xs[1]
  in loop z = a while z < 1000 do (z + b) * 1 + 0 * a
