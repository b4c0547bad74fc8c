-- Each row is rotated by its own amount by joining two slices; the
-- joined row's size is a sum of sizes bound inside the row's function,
-- and the coercion to `[m]` gives it the size of the input rows. After
-- fusion inlines the function, the coerced value must name `m`, not the
-- sizes of the inner slices.
-- ==
-- input { [1i64, 2i64, 0i64] [[1, 2, 3], [4, 5, 6], [7, 8, 9]] }
-- output { [[2, 3, 1], [6, 4, 5], [7, 8, 9]] }
-- input { [0i64] [[5]] }
-- output { [[5]] }
-- input { empty([0]i64) empty([0][4]i32) }
-- output { empty([0][4]i32) }

def main [n][m] (by: [n]i64) (rows: [n][m]i32) : [n][m]i32 =
  map2 (\k row -> let front = map (\x -> x) row[k:]
                  let back = map (\x -> x) row[:k]
                  in (front ++ back) :> [m]i32)
       by rows
