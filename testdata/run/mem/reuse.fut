-- description: on the GPU a map over a unique array that dies there writes
-- its result over it; the sequential pipeline allocates.
-- ==
-- structure seq-mem { Alloc 1 }
-- structure gpu-mem { Alloc 0 }
-- input { [1i32, 2, 3] } output { [2f32, 3f32, 4f32] }

entry main (xs: *[]i32) : []f32 =
  map (\x -> f32.i32 (x + 1)) xs
