-- description: a map over `iota` takes each thread's index instead of
-- reading a built array; where the indices are needed as an array (here
-- the result itself), they are built.
-- ==
-- structure gpu { SegMap 1 Iota 1 }
-- input { 4i64 } output { [0i64, 2, 4, 6] [0i64, 1, 2, 3] }
-- input { 0i64 } output { empty([0]i64) empty([0]i64) }

entry main (n: i64) : ([]i64, []i64) =
  let is = iota n
  in (map (* 2) is, is)
