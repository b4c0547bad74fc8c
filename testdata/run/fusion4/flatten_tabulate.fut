-- The flattening of a two-dimensional tabulation: one map over the
-- n * m positions, the outer index repeated m times; the range check of
-- the inner tabulation runs once, and only when there are outer rows.
-- ==
-- input { 2i64 3i64 } output { [0i64, 1i64, 2i64, 10i64, 11i64, 12i64] }
-- input { 0i64 3i64 } output { empty([0]i64) }
-- input { 0i64 -3i64 } output { empty([0]i64) }
-- structure { Screma 1 }

def main (n: i64) (m: i64) : []i64 =
  tabulate_2d n m (\i j -> 10 * i + j) |> flatten |> map id
