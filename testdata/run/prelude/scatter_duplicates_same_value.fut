-- description: scatter with a repeated index is well-defined when all writes store the same value.
-- ==
-- entry: mark
-- input { 5i64 [1i64, 3i64, 1i64, 3i64] } output { [false, true, false, true, false] }

entry mark [k] (n: i64) (is: [k]i64) = scatter (replicate n false) is (replicate k true)
