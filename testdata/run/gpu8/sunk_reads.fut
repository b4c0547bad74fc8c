-- Reads that only one arm of a later branch uses are read there, arms
-- inside it included: the inner branch, whose condition is read, runs in
-- a single-thread kernel with the reads of its arms.
-- ==
-- input { [1i32, 2i32, 42i32] 7i32 } output { 1i32 }
-- input { [1i32, 2i32, 5i32] 7i32 } output { 2i32 }
-- input { [1i32, 2i32, 5i32] 8i32 } output { 14i32 }
-- structure gpu { GPUBody 1 /Index 0 /If/True/Index 1 /If/True/GPUBody/If/True/Index 1 }

entry main [n] (xs: [n]i32) (k: i32) : i32 =
  let a = xs[0]
  in if k == 7
     then let b = xs[1]
          in if xs[2] == 42 then a else b
     else 14
