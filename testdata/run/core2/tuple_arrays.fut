-- description: `[]` in one branch and an array of pairs in the other: the
-- empty array is one of pairs too (the core IR splits it in two).
-- ==
-- entry: maybe_pairs
-- input { 0i64 [1i32, 2i32] } output { empty([0]i32) empty([0]bool) }
-- input { 2i64 [1i32, 2i32] } output { [1i32, 2i32] [false, true] }

entry maybe_pairs (n: i64) (xs: []i32) : ([]i32, []bool) =
  let ps : [](i32, bool) =
    if n == 0 then [] else map (\x -> (x, x % 2 == 0)) xs
  in unzip ps
