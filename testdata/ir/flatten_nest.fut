-- A map over the flattening of a nest of two maps: the nest becomes one
-- map over the flattened inputs (the outer rows repeated, the inner
-- array copied per outer row), and the consumer fuses with it.
-- ==
-- input { [1i64, 2i64] [10i64, 20i64, 30i64] }
-- output { [13i64, 23i64, 33i64, 15i64, 25i64, 35i64] }
-- input { empty([0]i64) [1i64] }
-- output { empty([0]i64) }
-- structure { Screma 1 }

def main (xs: []i64) (ys: []i64) : []i64 =
  map (\x -> map (\y -> y + x) ys) xs
  |> flatten
  |> map (\v -> v + 1 + (v % 10))
