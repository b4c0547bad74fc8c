-- The iota of a two-dimensional tabulation is read row by row by both
-- maps, the outer and the inner one: it needs no memory, and the matrix
-- is the only allocation (the parameter's row is copied into it).
-- ==
-- input { 1i64 [7i64, 8i64, 9i64] }
-- output { [[0i64, 1i64, 2i64], [7i64, 8i64, 9i64], [6i64, 7i64, 8i64]] }
-- structure seq-mem { Alloc 1 }

def main [n] (i: i64) (ys: [n]i64) : [n][n]i64 =
  let xs = tabulate_2d n n (\i j -> i * n + j)
  let xs[i] = ys
  in xs
