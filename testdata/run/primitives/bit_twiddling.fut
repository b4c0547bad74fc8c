-- description: classic bit tricks: lowest set bit, power-of-two test, clearing the lowest bit.
-- ==
-- entry: tricks
-- input { [12, 16, 0, 7, -8] }
-- output { [4, 16, 0, 1, 8] [false, true, false, false, false] [8, 0, 0, 6, -16] }

entry tricks (xs: []i32) =
  let lowest = map (\x -> x & -x) xs
  let pow2 = map (\x -> x > 0 && x & (x - 1) == 0) xs
  let cleared = map (\x -> x & (x - 1)) xs
  in (lowest, pow2, cleared)
