-- description: module sums and products (there is no top-level `sum` in Futhark 0.25), and the boolean and/or reductions.
-- ==
-- entry: arith
-- input { [1.5, 2.0, 4.0] } output { 7.5 12.0 }

-- ==
-- entry: ints
-- input { [1i64, 2i64, 3i64, 4i64] } output { 10i64 24i64 }

-- ==
-- entry: logic
-- input { [true, true] [false, true] } output { true false false true }
-- input { empty([0]bool) empty([0]bool) } output { true true false false }

entry arith (xs: []f64) = (f64.sum xs, f64.product xs)
entry ints (xs: []i64) = (i64.sum xs, i64.product xs)
entry logic (a: []bool) (b: []bool) = (and a, and b, or [], or b)
