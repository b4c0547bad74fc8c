-- All lambda forms together: simple, tuple, typed, record and curried lambdas.

type sample = {value: f32, weight: f32}

-- | Weighted mean with a record-pattern lambda.
def weighted_mean (ss: []sample) : f32 =
  let num = f32.sum (map (\{value, weight} -> value * weight) ss)
  let den = f32.sum (map (\{value = _, weight} -> weight) ss)
  in num / den

-- | Tuple-pattern lambdas over zipped input.
def diffs [n] (xs: [n]f32) (ys: [n]f32) : [n]f32 = map (\(x, y) -> x - y) (zip xs ys)

-- | A typed lambda with a return annotation.
def to_ints (xs: []f32) : []i32 = map (\(x: f32) : i32 -> i32.f32 (f32.round x)) xs

-- | A curried two-argument lambda and a lambda returning a lambda.
def combine (xs: []i32) : i32 =
  let add = \a b -> a + b
  let adder = \(k: i32) -> \(x: i32) : i32 -> x + k
  in reduce add 0 (map (adder 1) xs)

-- | A lambda with a nested tuple pattern and a wildcard.
def firsts (ps: []((i32, bool), f32)) : []i32 = map (\((a, _), _) -> a) ps

entry main [n] (vs: [n]f32) (ws: [n]f32) : (f32, [n]f32, []i32) =
  (weighted_mean (map2 (\value weight -> {value, weight}) vs ws), diffs vs ws, to_ints vs)

entry ints (xs: []i32) : (i32, []i32) = (combine xs, firsts (map (\x -> ((x, true), 1.0)) xs))
