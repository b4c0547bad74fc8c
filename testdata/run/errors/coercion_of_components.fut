-- description: `:>` to a tuple type checks each component's sizes, and an
-- empty array matches any sizes of rows (it has no rows to check), also in a
-- declared return type.
-- ==
-- entry: pairs
-- input { 1i64 } output { [7] [8, 9] }
-- input { 2i64 } error: cannot match shape

-- ==
-- entry: no_rows
-- input { 3i64 } output { 5 empty([0][3]i32) }

entry pairs (k: i64) = ([7], [8, 9]) :> ([k]i32, [k + 1]i32)

def nothing (d: i64) (x: i32) : (i32, [0][d]i32) = (x, [])

entry no_rows (d: i64) : (i32, [][3]i32) = let (x, e) = nothing d 5 in (x, e :> [0][3]i32)
