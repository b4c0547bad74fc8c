-- description: reduce_by_index combines into an existing array with an operator.
-- ==
-- entry: add_into
-- input { [100, 200, 300] [0i64, 2i64, 2i64, 5i64] [1, 2, 3, 4] } output { [101, 200, 305] }

-- ==
-- entry: min_into
-- input { [10, 10] [1i64, 1i64, 0i64] [7, 3, 12] } output { [10, 3] }

entry add_into [n] (dest: *[]i32) (is: [n]i64) (vs: [n]i32) = reduce_by_index dest (+) 0 is vs
entry min_into [n] (dest: *[]i32) (is: [n]i64) (vs: [n]i32) = reduce_by_index dest i32.min i32.highest is vs
