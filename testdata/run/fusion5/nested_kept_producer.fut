-- A nest of maps whose result a second nest reads and that is also
-- returned: the outer maps fuse, and so do the inner ones in the fused
-- function, where the outer fusion left a copy of the inner producer's
-- result between the two. The fused inner map still returns that result,
-- so the copy must come after it.
-- ==
-- input { [[1, 2, 3], [4, 5, 6]] 10 }
-- output { [[2, 3, 4], [5, 6, 7]] [[20, 30, 40], [50, 60, 70]] }
-- input { empty([0][2]i32) 3 }
-- output { empty([0][2]i32) empty([0][2]i32) }
-- structure { Screma 2 }

def main [n][m] (rows: [n][m]i32) (scale: i32) : ([n][m]i32, [n][m]i32) =
  let bumped = map (\row -> map (\x -> x + 1) row) rows
  let scaled = map (\row -> map (\x -> x * scale) row) bumped
  in (bumped, scaled)
