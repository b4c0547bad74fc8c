-- description: a map whose rows are summed and the sums then combined
-- with other per-row values is split into a segmented reduction and a
-- map over its results (in the flattened version).
-- ==
-- structure gpu { /If/False/SegRed 1 /If/False/SegMap 1 /If/True/SegMap 1 }
-- input { [[1f32, 2], [3, 4], [5, 6]] [10f32, 20, 30] }
-- output { [14f32, 28, 42] }
-- input { empty([0][2]f32) empty([0]f32) } output { empty([0]f32) }

entry main [n] [m] (rows: [n][m]f32) (extra: [n]f32) : [n]f32 =
  tabulate n (\i -> let s = f32.sum rows[i] in s + 1 + extra[i])
