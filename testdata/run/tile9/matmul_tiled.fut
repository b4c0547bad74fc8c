-- description: a matrix multiplication large enough for the tiled
-- version (a 16x16 work-group per block of the result, the rows of `a`
-- and the columns of `b` copied tile by tile into local memory), checked
-- against a product computed with loops; sizes not multiples of the
-- tile, an empty inner dimension, an empty result.
-- ==
-- input { 200i64 20i64 200i64 } output { true -2i32 -23i32 }
-- input { 181i64 33i64 190i64 } output { true 24i32 -27i32 }
-- input { 300i64 0i64 300i64 } output { true 0i32 0i32 }
-- input { 0i64 5i64 40000i64 } output { true 0i32 0i32 }
-- input { 3i64 4i64 5i64 } output { true 60i32 -30i32 }

#[noinline]
def matmul [n][m][p] (a: [n][m]i32) (b: [m][p]i32) : [n][p]i32 =
  map (\row -> map (\col -> i32.sum (map2 (*) row col)) (transpose b)) a

#[noinline]
def by_loops [n][m][p] (a: [n][m]i32) (b: [m][p]i32) : [n][p]i32 =
  tabulate_2d n p (\i j -> loop s = 0 for l < m do s + a[i, l] * b[l, j])

entry main (n: i64) (m: i64) (p: i64) =
  let a = tabulate_2d n m (\i j -> i32.i64 ((i * 7 + j * 3) % 11) - 5)
  let b = tabulate_2d m p (\i j -> i32.i64 ((i * 5 + j * 2) % 13) - 6)
  let c = matmul a b
  let r = by_loops a b
  let same = and (map2 (==) (flatten c) (flatten r))
  let corner = if n > 0 && p > 0 then c[n - 1, p - 1] else 0
  in (same, i32.sum (map i32.sum c), corner)
