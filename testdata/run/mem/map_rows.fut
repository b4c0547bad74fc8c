-- description: the arrays a map's function makes for each row are built in
-- that row of the map's result: one allocation, for the result.
-- ==
-- structure seq-mem { Alloc 1 }
-- structure gpu-mem { Alloc 1 }
-- input { [1i32, 2] } output { [[1i32, 1, 1], [2, 2, 2]] }

entry main (xs: []i32) : [][3]i32 =
  map (\x -> replicate 3 x) xs
