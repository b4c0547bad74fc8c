-- One-dimensional k-means clustering with reduce_by_index centroid updates.

-- | Index of the nearest centroid.
def nearest [k] (cs: [k]f32) (x: f32) : i64 =
  let (_, best) =
    reduce (\(d1, i1) (d2, i2) -> if d1 < d2 || (d1 == d2 && i1 < i2) then (d1, i1) else (d2, i2))
           (f32.inf, -1)
           (map2 (\c i -> (f32.abs (x - c), i)) cs (iota k))
  in best

-- | One Lloyd iteration: assign points, then average each cluster.
def update [k][n] (cs: [k]f32) (xs: [n]f32) : ([k]f32, [n]i64) =
  let assign = map (nearest cs) xs
  let sums = reduce_by_index (replicate k 0.0) (+) 0.0 assign xs
  let counts = reduce_by_index (replicate k 0i32) (+) 0 assign (replicate n 1)
  let cs' = map3 (\s c old -> if c == 0 then old else s / f32.i32 c) sums counts cs
  in (cs', assign)

-- | Iterate until the assignment stops changing (or 100 rounds).
def kmeans [k][n] (init: [k]f32) (xs: [n]f32) : ([k]f32, [n]i64, i32) =
  let (cs, assign, _, rounds) =
    loop (cs, assign, changed, rounds) = (init, replicate n (-1), true, 0)
    while changed && rounds < 100 do
      let (cs', assign') = update cs xs
      in (cs', assign', or (map2 (!=) assign assign'), rounds + 1)
  in (cs, assign, rounds)

entry main [k][n] (init: [k]f32) (xs: [n]f32) : ([k]f32, [n]i64, i32) = kmeans init xs

entry cluster_sizes [k][n] (init: [k]f32) (xs: [n]f32) : [k]i32 =
  let (_, assign, _) = kmeans init xs
  in hist (+) 0 k assign (replicate n 1)
