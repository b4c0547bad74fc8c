-- `#[sequential_inner]` runs what is nested in a SOAC as loops, the SOAC
-- itself in parallel.
-- ==
-- input { [[1, 2, 3], [4, 5, 6]] } output { [6i32, 120i32] }
-- structure gpu { /SegMap 1 /SegMap/Loop 1 }

entry main (xss: [][]i32) : []i32 =
  #[sequential_inner] map (\xs -> reduce (*) 1 xs) xss
