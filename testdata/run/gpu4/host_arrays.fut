-- A branch that builds arrays of rows stays on the host (its array
-- literal and concatenation are parallel operations there), and `iota`
-- and `replicate` count as the host operations Futhark names them.
-- ==
-- entry: pick
-- input { [0i64, 5i64, 6i64] 1i64 } output { 10i64 }
-- input { [2i64, 5i64, 6i64] 1i64 } output { 5i64 }
-- input { [0i64, 5i64, 6i64] 2i64 } output { 6i64 }
-- structure gpu { /If/True/ArrayLit 1 /If/True/Concat 1 }

entry pick (xs: [3]i64) (k: i64) : i64 =
  if xs[0] == 0
  then let rows = [xs, map (* 2) xs]
       let flat = flatten rows ++ xs
       in #[unsafe] flat[k * 4 % length flat]
  else xs[1]

-- ==
-- entry: ramp
-- input { 4i64 } output { [0i64, 1i64, 2i64, 3i64] [7i32, 7i32, 7i32, 7i32] }
-- input { 0i64 } output { empty([0]i64) empty([0]i32) }
-- structure gpu { Iota 1 Replicate 1 }

entry ramp (n: i64) = (iota n, replicate n 7i32)
