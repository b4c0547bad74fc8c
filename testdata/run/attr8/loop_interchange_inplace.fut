-- description: loop interchange where the body updates in place a
-- parameter (a row of the host loop's own array, copied from the input
-- first where it starts as the input) or an array it binds itself; the
-- input stays as it was.
-- ==
-- entry: param_row
-- structure gpu { /Loop 3 If 0 }
-- input { [[1i64, 2, 3], [4, 5, 6]] }
-- output { [[6i64, 11, 20], [15i64, 26, 47]] [[1i64, 2, 3], [4, 5, 6]] }

entry param_row [n] [m] (xss: [n][m]i64) : ([n][m]i64, [n][m]i64) =
  let res =
    #[flattening(only_inner)]
    map (\xs ->
           loop ys = copy xs for i < m do
             let s = i64.sum ys
             in ys with [i] = s)
        xss
  in (res, xss)

-- ==
-- entry: own_array
-- input { [[1i64, 2], [3, 4]] } output { [[3i64, 4], [5i64, 6]] }

entry own_array [n] [m] (xss: [n][m]i64) : [n][m]i64 =
  #[flattening(only_inner)]
  map (\xs ->
         loop ys = xs for i < 2 do
           let ys = map (+ 1) ys
           in ys with [i] = ys[i])
      xss

-- ==
-- entry: per_column
-- input { [[[1i32, 2], [3, 4]], [[5i32, 6], [7, 8]]] }
-- output { [[3i32, 7], [11i32, 15]] }

entry per_column [a] [b] [c] (xsss: [a][b][c]i32) : [a][b]i32 =
  #[flattening(only_inner)]
  map (\xss -> #[sequential_outer] map i32.sum xss) xsss
