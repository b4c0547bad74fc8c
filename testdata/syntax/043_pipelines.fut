-- Forward |> and backward <| pipelines, including long chains.

-- | Sum of squares of the even elements.
def even_square_sum (xs: []i32) : i32 =
  xs
  |> filter (\x -> x % 2 == 0)
  |> map (\x -> x * x)
  |> reduce (+) 0

-- | The same computation written with <|.
def even_square_sum' (xs: []i32) : i32 =
  let evens = filter (\x -> x % 2 == 0) xs
  in reduce (+) 0 <| map (\x -> x * x) <| evens

-- | Mixing pipelines with sections and qualified functions.
def normalise (xs: []f32) : []f32 =
  let total = xs |> map f32.abs |> f32.sum
  in xs |> map (/ total)

entry main (xs: []i32) : (i32, i32) = (even_square_sum xs, even_square_sum' xs)

entry norm (xs: []f32) : []f32 = normalise xs

entry chain (x: f64) : f64 = x |> f64.sqrt |> (+ 1.0) |> f64.log
