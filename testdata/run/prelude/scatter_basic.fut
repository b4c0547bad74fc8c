-- description: scatter writes values at indices and ignores out-of-bounds (e.g. negative) indices.
-- ==
-- entry: write
-- input { [0, 0, 0, 0] [1i64, 3i64] [10, 30] } output { [0, 10, 0, 30] }
-- input { [5, 5] [-1i64, 2i64, 0i64] [1, 2, 3] } output { [3, 5] }
-- input { [1, 2] empty([0]i64) empty([0]i32) } output { [1, 2] }

entry write [k] (dest: *[]i32) (is: [k]i64) (vs: [k]i32) = scatter dest is vs
