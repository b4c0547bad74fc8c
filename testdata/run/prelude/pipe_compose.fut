-- description: the pipe operators |> and <| and composition >-> and <-<.
-- ==
-- entry: pipes
-- input { [1, 2, 3] } output { 12 12 }

-- ==
-- entry: compose
-- input { 5 } output { 12 11 }

entry pipes (xs: []i32) =
  (xs |> map (* 2) |> i32.sum, i32.sum <| map (* 2) <| xs)

-- f >-> g applies f first; g <-< f too.
entry compose (x: i32) =
  let inc = (+ 1)
  let dbl = (* 2)
  in ((inc >-> dbl) x, (inc <-< dbl) x)
