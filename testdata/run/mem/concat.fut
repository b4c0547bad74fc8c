-- description: the operands of a concatenation, each made by its own
-- statement, are built in their rows of the result: one allocation.
-- ==
-- structure seq-mem { Alloc 1 }
-- structure gpu-mem { Alloc 1 }
-- input { [1i32, 2] [10i32, 20, 30] } output { [2i32, 3, 20, 40, 60] }

entry main (xs: []i32) (ys: []i32) : []i32 =
  concat (map (+ 1) xs) (map (* 2) ys)
