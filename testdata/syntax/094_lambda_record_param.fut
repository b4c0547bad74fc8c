-- Lambdas with record-pattern parameters: \{a, b} -> a.

type pt = {x: f32, y: f32}

def xs_of (ps: []pt) : []f32 = map (\{x, y = _} -> x) ps

-- | Punned record parameter.
def sums (ps: [](pt)) : []f32 = map (\{x, y} -> x + y) ps

-- | Renaming fields in a lambda's record pattern.
def scaled (k: f32) (ps: []pt) : []pt = map (\{x = a, y = b} -> {x = a * k, y = b * k}) ps

-- | Record pattern with a nested tuple.
def get_a (rs: []{a: i32, b: (i32, i32)}) : []i32 = map (\{a, b = (_, c)} -> a + c) rs

entry main [n] (xs: [n]f32) (ys: [n]f32) : ([]f32, []f32) =
  let ps = map2 (\x y -> {x, y}) xs ys
  in (xs_of ps, sums (scaled 2.0 ps))

entry recs (as: []i32) : []i32 = get_a (map (\a -> {a, b = (a, a)}) as)
