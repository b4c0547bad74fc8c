-- description: a tiled fold whose map is a function with a branch, with
-- a prelude (values each thread computes before the fold, used inside
-- it) and a postlude, over a transposed input and an array every thread
-- reads alike; checked against loops.
-- ==
-- input { 150i64 21i64 230i64 } output { true }
-- input { 190i64 1i64 190i64 } output { true }
-- input { 4i64 2i64 3i64 } output { true }

def f (x: i32) (y: i32) (z: i32) : i32 =
  if x > y then x - y + z else y * 2 - z

#[noinline]
def tiled [m][n][p] (at: [m][n]i32) (b: [m][p]i32) (zs: [m]i32) (ks: [n]i32) : [n][p]i32 =
  map2 (\row k0 ->
          map (\col ->
                 let k = k0 + col[0]
                 let s = i32.sum (map3 (\x y z -> f x y (z + k)) row col zs)
                 in s * 2 + k)
              (transpose b))
       (transpose at) ks

#[noinline]
def by_loops [m][n][p] (at: [m][n]i32) (b: [m][p]i32) (zs: [m]i32) (ks: [n]i32) : [n][p]i32 =
  tabulate_2d n p (\i j ->
                     let k = ks[i] + b[0, j]
                     let s = loop s = 0 for l < m do s + f at[l, i] b[l, j] (zs[l] + k)
                     in s * 2 + k)

entry main (n: i64) (m: i64) (p: i64) =
  let at = tabulate_2d m n (\i j -> i32.i64 ((i * 7 + j * 3) % 11) - 5)
  let b = tabulate_2d m p (\i j -> i32.i64 ((i * 5 + j * 2) % 13) - 6)
  let zs = tabulate m (\l -> i32.i64 l)
  let ks = tabulate n (\i -> i32.i64 (i % 3))
  in and (map2 (==) (flatten (tiled at b zs ks)) (flatten (by_loops at b zs ks)))
