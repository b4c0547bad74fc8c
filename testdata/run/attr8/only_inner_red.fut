-- description: `#[flattening(only_inner)]` keeps only the version that
-- parallelises the inner levels: no branch on the outer width, the row
-- sums one segmented reduction whatever the widths.
-- ==
-- structure gpu { If 0 SegRed 1 }
-- input { [[1i32, 2, 3], [4, 5, 6]] } output { [13i32, 31] }
-- input { empty([0][3]i32) } output { empty([0]i32) }
-- input { [[7i32], [8], [9]] } output { [15i32, 17, 19] }

entry main [n] [m] (xss: [n][m]i32) : [n]i32 =
  #[flattening(only_inner)] map (\xs -> i32.sum (map (* 2) xs) + 1) xss
