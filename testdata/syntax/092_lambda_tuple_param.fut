-- Lambdas with tuple parameters: \(x, y) -> x * y.

def dot [n] (xs: [n]f32) (ys: [n]f32) : f32 =
  reduce (+) 0.0 (map (\(x, y) -> x * y) (zip xs ys))

-- | Nested tuple parameter.
def weighted (ps: []((f32, f32), f32)) : []f32 =
  map (\((a, b), w) -> (a + b) * w) ps

-- | Tuple parameter with a wildcard.
def firsts (ps: [](i32, bool)) : []i32 = map (\(x, _) -> x) ps

-- | Tuple-returning lambda used in reduce.
def min_max (xs: []i32) : (i32, i32) =
  reduce (\(a, b) (c, d) -> (i32.min a c, i32.max b d))
         (i32.highest, i32.lowest)
         (map (\x -> (x, x)) xs)

entry main [n] (xs: [n]f32) (ys: [n]f32) : f32 = dot xs ys

entry others (ps: [](i32, bool)) : ([]i32, (i32, i32)) =
  let is = firsts ps
  in (is, min_max is)
