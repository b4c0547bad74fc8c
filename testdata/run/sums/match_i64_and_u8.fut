-- description: match on i64 and u8 literal patterns, including the largest values.
-- ==
-- entry: big
-- input { 9223372036854775807i64 } output { 1 }
-- input { 0i64 } output { 0 }

-- ==
-- entry: byte
-- input { 255u8 } output { true }
-- input { 254u8 } output { false }

entry big (x: i64) = match x case 9223372036854775807 -> 1 case _ -> 0
entry byte (x: u8) = match x case 255 -> true case _ -> false
