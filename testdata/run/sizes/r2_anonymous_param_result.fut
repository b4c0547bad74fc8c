-- description: a function whose parameter size is anonymous and whose result
-- type is inferred returns an array of that same size, so it can be
-- differentiated and its result zipped with its argument.
-- ==
-- entry: doubled_tangent paired
-- input { [1.0, 2.0, 4.0] } output { [2.0, 2.0, 2.0] }

def twice_each (v: []f64) = map (* 2) (copy v)

entry doubled_tangent (v: []f64) =
  jvp twice_each v (map (const 1) v)

entry paired (v: []f64) : [](f64, f64) = zip v (twice_each v)
