-- Record types in abbreviations, parameters and return types, with type params.

type complex = {re: f64, im: f64}

type tagged 'a = {tag: i32, value: a}

type bounds [n] = {lo: [n]f32, hi: [n]f32}

def cmul (a: complex) (b: complex) : complex =
  {re = a.re * b.re - a.im * b.im, im = a.re * b.im + a.im * b.re}

def tag 'a (t: i32) (v: a) : tagged a = {tag = t, value = v}

-- | A record type written inline in a signature.
def midpoint [n] (b: bounds [n]) : {mid: [n]f32, width: [n]f32} =
  {mid = map2 (\l h -> (l + h) / 2.0) b.lo b.hi, width = map2 (-) b.hi b.lo}

entry main (re: f64) (im: f64) : (f64, f64) =
  let z = cmul {re, im} {re, im}
  in (z.re, z.im)

entry tags (x: f32) : (i32, f32) =
  let t = tag 7 x
  in (t.tag, t.value)

entry mids [n] (lo: [n]f32) (hi: [n]f32) : [n]f32 = (midpoint {lo, hi}).mid
