-- description: an iota that is also a result keeps its memory.
-- ==
-- structure seq-mem { Alloc 2 }
-- input { 3i64 } output { [0i64, 1, 2] [0i64, 2, 4] }

entry main (n: i64) : ([]i64, []i64) =
  let is = iota n
  in (is, map (* 2) is)
