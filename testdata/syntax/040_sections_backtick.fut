-- Operator sections formed from backtick functions: (`f` 3) and (3 `f`).

def clamp_to (hi: i32) (x: i32) : i32 = i32.min hi x

def pow (base: i32) (e: i32) : i32 = loop acc = 1 for _i < e do acc * base

-- | Right section: \x -> x `pow` 2.
def squares (xs: []i32) : []i32 = map (`pow` 2) xs

-- | Left section: \e -> 2 `pow` e.
def exps (xs: []i32) : []i32 = map (2 `pow`) xs

def capped (xs: []i32) : []i32 = map (`i32.max` 0) xs

-- | Section of a qualified name on floats.
def floor_at (xs: []f32) : []f32 = map (`f32.max` 1.0) xs

entry main (xs: []i32) : ([]i32, []i32, []i32, []i32) =
  (squares xs, exps xs, capped xs, map (10 `clamp_to`) xs)

entry floats (xs: []f32) : []f32 = floor_at xs
