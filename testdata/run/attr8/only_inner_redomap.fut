-- description: a maximum over rows of sums under `only_inner`: the
-- attribute reaches the map the redomap is split into, so no level of
-- the nest is versioned.
-- ==
-- structure gpu { If 0 }
-- input { [[1i64, 2], [3, 4], [0, 1]] [5i64, 6] }
-- output { [22i64, 44i64, 11i64] }

entry main [n] [m] (xss: [n][m]i64) (ys: [m]i64) : [n]i64 =
  #[flattening(only_inner)]
  map (\xs -> i64.maximum (map (\x -> i64.sum (map (* x) ys)) xs)) xss
