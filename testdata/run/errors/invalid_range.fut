-- description: an increasing range whose end is below its start is invalid, even when used as a loop domain.
-- ==
-- entry: range_loop
-- input { 0i64 } error: Range 1\.\.<0 is invalid
-- input { 3i64 } output { 3i64 }
-- input { 1i64 } output { 0i64 }

-- ==
-- entry: stepped
-- input { 1i64 10i64 } output { [1i64, 4i64, 7i64, 10i64] }
-- input { 5i64 1i64 } error: is invalid

entry range_loop (n: i64) = loop acc = 0 for i in 1..<n do acc + i
entry stepped (a: i64) (b: i64) = a..a + 3...b
