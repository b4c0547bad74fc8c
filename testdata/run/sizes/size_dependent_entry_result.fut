-- description: an entry point whose result size is one of its arguments, filled with a computed pattern.
-- ==
-- input { 5i64 2 } output { [0, 2, 4, 6, 8] }
-- input { 0i64 2 } output { empty([0]i32) }

entry main (n: i64) (step: i32) : [n]i32 = map (\i -> i32.i64 i * step) (iota n)
