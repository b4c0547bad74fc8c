-- description: scatter_2d and scatter_3d with index tuples, skipping out-of-bounds writes.
-- ==
-- entry: diag
-- input { 3i64 } output { [[1, 0, 0], [0, 1, 0], [0, 0, 1]] }

-- ==
-- entry: corners
-- input { } output { [[[9, 0], [0, 0]], [[0, 0], [0, 8]]] }

entry diag (n: i64) =
  scatter_2d (replicate n (replicate n 0i32)) (map (\i -> (i, i)) (iota n)) (replicate n 1)

-- The write to (5, 0, 0) is out of bounds and ignored.
entry corners =
  scatter_3d (replicate 2 (replicate 2 (replicate 2 0i32)))
             [(0, 0, 0), (1, 1, 1), (5, 0, 0)]
             [9, 8, 7]
