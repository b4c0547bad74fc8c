-- `#[sequential]` runs a SOAC and everything nested in it as loops.
-- ==
-- input { [[1, 2, 3], [4, 5, 6]] } output { [9, 18] }
-- input { empty([0][2]i32) } output { empty([0]i32) }
-- structure gpu { SegMap 0 SegRed 0 Loop 3 }

entry main (xss: [][]i32) : []i32 =
  #[sequential] map (\xs -> i32.sum (map (+ 1) xs)) xss
