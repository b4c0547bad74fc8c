-- Name bound twice: the tuple pattern in the lambda binds `a` twice.
-- ==
-- error: Name "a" also bound

def dot (xs: []f32) (ys: []f32) : f32 =
  zip xs ys |> map (\(a, a) -> a * a) |> f32.sum
