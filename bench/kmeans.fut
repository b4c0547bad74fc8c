-- One step of k-means: every point goes to its closest centre (ties to the
-- lower index), then each centre moves to the mean of its points (a
-- centre without points moves to the origin).
-- ==
-- input { [[0f32, 0f32], [0f32, 1f32], [10f32, 10f32], [10f32, 11f32]] [[0f32, 0f32], [10f32, 10f32]] }
-- output { [[0f32, 0.5f32], [10f32, 10.5f32]] }
-- notest random input { [1000000][16]f32 [16][16]f32 }

def distance [d] (a: [d]f32) (b: [d]f32) : f32 =
  f32.sum (map2 (\x y -> (x - y) * (x - y)) a b)

def closest [k][d] (centres: [k][d]f32) (p: [d]f32) : i64 =
  let nearer (da, ia) (db, ib) =
    if db < da || (db == da && ib < ia) then (db, ib) else (da, ia)
  let (_, j) = reduce nearer (f32.inf, -1) (map2 (\c j -> (distance c p, j)) centres (iota k))
  in j

entry main [n][k][d] (points: [n][d]f32) (centres: [k][d]f32) : [k][d]f32 =
  let owner = map (closest centres) points
  let counts = hist (+) 0 k owner (replicate n 1f32)
  let sums =
    map (\j -> map (\c -> f32.sum (map2 (\o p -> if o == j then p[c] else 0) owner points)) (iota d))
        (iota k)
  in map2 (\s count -> map (/ f32.max 1 count) s) sums counts
