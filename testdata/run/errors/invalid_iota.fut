-- description: iota and replicate with a negative size are run-time errors.
-- ==
-- entry: bad_iota
-- input { -1i64 } error: Range 0\.\.1\.\.<-1 is invalid|invalid
-- input { 2i64 } output { [0i64, 1i64] }

-- ==
-- entry: bad_replicate
-- input { -3i64 } error: invalid|[Nn]egative

entry bad_iota (n: i64) = iota n
entry bad_replicate (n: i64) = replicate n 0i32
