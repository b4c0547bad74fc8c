-- description: a concatenation of a concatenation: the inner result is
-- built in the outer one's memory, and its operands in turn; the size of
-- the outer result is computed before the first operand is made.
-- ==
-- structure seq-mem { Alloc 1 }
-- input { 2i64 3i64 } output { [0i64, 1, 0, 1, 2, 0, 1] }

entry main (a: i64) (b: i64) : []i64 =
  let inner = concat (iota a) (iota b)
  in concat inner (iota a)
