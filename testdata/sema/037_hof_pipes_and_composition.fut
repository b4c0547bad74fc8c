-- Pipelines `|>`, `<|` and function composition `>->`, `<-<`.

def process (xs: []i32) : i32 =
  xs |> map (* 2) |> filter (> 3) |> i32.sum

def norm (xs: []f32) : f32 = f32.sqrt <| f32.sum <| map (\x -> x * x) xs

def inc_then_double : i32 -> i32 = (+ 1) >-> (* 2)

def r = process [1, 2, 3] + inc_then_double 4
