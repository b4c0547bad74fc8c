-- Updates of two-dimensional rows: a row slice at a fixed row, and a
-- block of two slices, with values taken from the map's inputs and
-- computed in the row.
-- ==
-- input { [0i64, 1i64] [2i64, 3i64]
--         [[[9.0, 9.0, 9.0, 9.0], [9.0, 9.0, 9.0, 9.0], [9.0, 9.0, 9.0, 9.0]],
--          [[9.0, 9.0, 9.0, 9.0], [9.0, 9.0, 9.0, 9.0], [9.0, 9.0, 9.0, 9.0]]]
--         [[0.0, 1.0], [4.0, 5.0]] }
-- output { [91.0, 99.0] [[[1.0, 2.0], [3.0, 4.0]], [[2.0, 3.0], [4.0, 5.0]]] }
-- input { [0i64, 3i64] [2i64, 5i64]
--         [[[9.0, 9.0, 9.0, 9.0], [9.0, 9.0, 9.0, 9.0], [9.0, 9.0, 9.0, 9.0]],
--          [[9.0, 9.0, 9.0, 9.0], [9.0, 9.0, 9.0, 9.0], [9.0, 9.0, 9.0, 9.0]]]
--         [[0.0, 1.0], [4.0, 5.0]] }
-- error: out of bounds

def main [n] (is: [n]i64) (js: [n]i64) (ass: [n][3][4]f64) (vs: [n][2]f64) =
  let sums =
    #[flattening(only_inner)]
    map4 (\i j as v -> f64.sum (flatten (copy as with [i, i:j] = v))) is js ass vs
  let blocks =
    #[flattening(only_inner)]
    map (\i ->
           let b = tabulate_2d 2 2 (\a c -> f64.i64 (a * 2 + c + 1 + i))
           let z = replicate 4 (replicate 4 0.0) with [i:i + 2, i:i + 2] = b
           in z[i:i + 2, i:i + 2] :> [2][2]f64)
        is
  in (sums, blocks)
