-- A single-element update at an index that varies per row, followed by a
-- reduction of the row: the update stays in a map of its own (a thread
-- per row), the reduction becomes a segmented one.
-- ==
-- input { [1i64, 2i64, 3i64] }
-- output { [13i64, 12i64, 11i64] }
-- input { empty([0]i64) }
-- output { empty([0]i64) }
-- input { [1i64, 5i64] }
-- error: Index \[5\] out of bounds

entry main [n] (xs: [n]i64) =
  #[flattening(only_inner)]
  map (\x -> reduce (+) 0 (iota 5 with [x] = 4)) xs
