-- Field-projection sections: (.a), (.a.b), (.0), (.1) and (.0.1).

type particle = {pos: {x: f32, y: f32}, mass: f32}

def masses (ps: []particle) : []f32 = map (.mass) ps

def xs_of (ps: []particle) : []f32 = map (.pos.x) ps

def firsts (ps: [](i32, f32)) : []i32 = map (.0) ps

def seconds (ps: [](i32, f32)) : []f32 = map (.1) ps

-- | Nested tuple projection section.
def inner (ps: []((i32, i32), bool)) : []i32 = map (.0.1) ps

entry main (xs: []f32) (ys: []f32) (ms: []f32) : ([]f32, []f32) =
  let ps = map3 (\x y m -> {pos = {x, y}, mass = m}) xs ys ms
  in (masses ps, xs_of ps)

entry tuples (ps: [](i32, f32)) : ([]i32, []f32) = (firsts ps, seconds ps)

entry nested (xs: []i32) : []i32 = inner (map (\x -> ((x, x + 1), true)) xs)
