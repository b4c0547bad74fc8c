-- Function types with named parameters: (n: i64) -> [n]i32.

-- | The argument function's result size depends on its argument.
def build (n: i64) (mk: (k: i64) -> [k]i32) : [n]i32 = mk n

def zeros (k: i64) : [k]i32 = replicate k 0

-- | A named parameter used in a later array size.
def with_len [l] (f: (m: i64) -> [m]f32 -> f32) (xs: [l]f32) : f32 = f l xs

def sum_len (m: i64) (xs: [m]f32) : f32 = f32.sum xs + f32.i64 m

entry main (n: i64) : [n]i32 = build n zeros

entry summed (xs: []f32) : f32 = with_len sum_len xs
