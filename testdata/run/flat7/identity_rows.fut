-- description: a tabulate that reads each row at its own index gives
-- the array itself; with the bounds checks its index space proves gone,
-- nothing is left to launch.
-- ==
-- structure gpu { SegMap 0 Index 0 }
-- input { [[1f32, 2], [3, 4]] } output { [[1f32, 2], [3, 4]] }
-- input { empty([0][2]f32) } output { empty([0][2]f32) }

entry main [n] [m] (rows: [n][m]f32) : [n][m]f32 =
  tabulate n (\i -> rows[i])
