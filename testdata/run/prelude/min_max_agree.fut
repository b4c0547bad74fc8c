-- description: i32.maximum, reduce with i32.max and a sort-free loop all find the same extremes.
-- ==
-- entry: via_prelude via_reduce via_loop
-- input { [3, -7, 12, 0] } output { 12 -7 }
-- input { [5] } output { 5 5 }

entry via_prelude (xs: []i32) = (i32.maximum xs, i32.minimum xs)
entry via_reduce (xs: []i32) = (reduce i32.max i32.lowest xs, reduce i32.min i32.highest xs)
entry via_loop (xs: []i32) =
  loop (hi, lo) = (i32.lowest, i32.highest) for x in xs do (if x > hi then x else hi, if x < lo then x else lo)
