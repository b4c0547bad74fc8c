-- `for i < n` is `for i in 0..<n`: the bound may have any integer type,
-- and when nothing fixes it, it is an i32 as the literal 0 would be.
-- ==
-- entry: power
-- input { 3 2 } output { 8 }
-- input { 0 7 } output { 1 }

-- ==
-- entry: narrow
-- input { 5u8 } output { 10u8 }

-- ==
-- entry: wide
-- input { 4i64 } output { 6i64 }

entry power y x = loop acc = 1 for _i < y do acc * x

entry narrow (n: u8) = loop s = 0 for i < n do s + i

entry wide n = loop s = 0 for i < n do s + i + (n - n) + 0i64
