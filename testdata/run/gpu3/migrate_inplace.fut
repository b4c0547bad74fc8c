-- description: elements read before an in-place update of their array
-- are read before it, wherever the migrated code runs.
-- ==
-- input { [1i32, 2, 3] } output { [100i32, 2, 3] 3i32 }

entry main (xs: *[]i32) : ([]i32, i32) =
  let a = xs[0] + xs[1]
  let xs' = xs with [0] = 100
  in (xs', a)
