-- A scatter into an array each row builds, with values computed from a
-- scalar of the row, and something done with the result after it.
-- ==
-- input { [1i32, 2i32, 3i32] [[0i64, 3i64], [4i64, 1i64], [2i64, 2i64]] }
-- output { [[2i32, 1i32, 1i32, 2i32], [2i32, 4i32, 2i32, 2i32], [3i32, 3i32, 6i32, 3i32]] [6i32, 10i32, 15i32] }

def main [n] [k] (xs: [n]i32) (iss: [n][k]i64) =
  unzip (map2 (\x is ->
                 let d = x * 2
                 let ys = scatter (replicate 4 x) is (map (\i -> d + i32.i64 i - i32.i64 i) is)
                 in (ys, i32.sum ys))
              xs iss)
