-- description: a longer forward pipeline with |> through filter, map, scan and reduce.
-- ==
-- input { [5, -3, 8, 0, 2] } output { 30 }
-- input { [-1, -2] } output { 0 }

def main (xs: []i32) =
  xs |> filter (> 0) |> map (* 2) |> scan (+) 0 |> reduce i32.max 0
