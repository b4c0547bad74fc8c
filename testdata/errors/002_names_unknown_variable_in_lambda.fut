-- Unknown variable: the lambda refers to `scale`, which is bound nowhere.
-- ==
-- error: Unknown name "scale"

def normalise (xs: []f64) : []f64 =
  let m = f64.maximum xs
  in map (\x -> x / m * scale) xs
