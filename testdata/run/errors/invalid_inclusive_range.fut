-- description: inclusive ranges `a...b` with b < a are invalid (not empty); `a..>b` counts down.
-- ==
-- entry: inclusive
-- input { 1i64 3i64 } output { [1i64, 2i64, 3i64] }
-- input { 2i64 2i64 } output { [2i64] }
-- input { 3i64 2i64 } error: Range 3\.\.\.2 is invalid

-- ==
-- entry: downwards
-- input { 5i64 2i64 } output { [5i64, 4i64, 3i64] }
-- input { 2i64 5i64 } error: is invalid

entry inclusive (a: i64) (b: i64) = a...b
entry downwards (a: i64) (b: i64) = a..>b
