-- Lifted type abbreviations: type^ for functions and type~ for unknown sizes.

-- | A function type must be declared fully lifted.
type^ unary = i32 -> i32

-- | A record containing a function is also lifted.
type^ named_fn = {name: i32, f: f32 -> f32}

-- | A size-lifted abbreviation for arrays of any length.
type~ bytes = []u8

-- | A size-lifted abbreviation with an explicit existential size.
type~ dyn_vec = ?[n].[n]f32

def apply_unary (f: unary) (x: i32) : i32 = f x

def run (nf: named_fn) (x: f32) : f32 = nf.f x

def non_zero (s: bytes) : bytes = filter (!= 0) s

def make (n: i64) : dyn_vec = replicate n 1.0

entry main (x: i32) (y: f32) : (i32, f32) =
  (apply_unary (* 3) x, run {name = 1, f = \z -> z + 1.0} y)

entry strings (s: []u8) (n: i64) : ([]u8, []f32) = (non_zero s, make n)
