-- Scatters that fusion gives mapped results (the values written are also
-- returned) or several rounds (a scatter of concatenated indices and
-- values), inside a map and at the top level.
-- ==
-- entry: write_and_keep
-- input { [[0i64, 2], [1, 1]] } output { [[10i64, 0, 12], [0, 11, 0]] [[10i64, 12], [11, 11]] }

entry write_and_keep (iss: [][]i64) : ([][]i64, [][]i64) =
  unzip (map (\is ->
                let vs = map (+ 10) is
                in (scatter (replicate 3 0) is vs, vs))
             iss)

-- ==
-- entry: two_rounds
-- input { [[0i64, 1], [2, 0]] } output { [[1i32, 1, 0, 2, 2], [1, 0, 1, 2, 0]] }

entry two_rounds (iss: [][]i64) : [][]i32 =
  map (\is ->
         let js = map (+ 3) is
         in scatter (replicate 5 0) (is ++ js) (map (const 1) is ++ map (const 2) js))
      iss

-- ==
-- entry: top_rounds
-- input { [4i64, 0] } output { [7i32, 8, 0, 0, 7, 8, 0] [5i64, 1] }

entry top_rounds (is: []i64) : ([]i32, []i64) =
  let js = map (+ 1) is
  in (scatter (replicate 7 0) (is ++ js) (map (const 7) is ++ map (const 8) js), js)
