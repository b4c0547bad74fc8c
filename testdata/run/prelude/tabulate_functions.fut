-- description: tabulate, tabulate_2d and tabulate_3d build arrays from index functions.
-- ==
-- entry: one
-- input { 4i64 } output { [0i64, 1i64, 4i64, 9i64] }
-- input { 0i64 } output { empty([0]i64) }

-- ==
-- entry: two
-- input { 2i64 3i64 } output { [[0i64, 1i64, 2i64], [10i64, 11i64, 12i64]] }

-- ==
-- entry: three
-- input { } output { [[[0, 1], [10, 11]], [[100, 101], [110, 111]]] }

entry one (n: i64) = tabulate n (\i -> i * i)
entry two (n: i64) (m: i64) = tabulate_2d n m (\i j -> i * 10 + j)
entry three = tabulate_3d 2 2 2 (\i j k -> i32.i64 (i * 100 + j * 10 + k))
