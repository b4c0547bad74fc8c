-- Type parameters 'a on functions, with polymorphic uses.

def identity 'a (x: a) : a = x

def pair 'a 'b (x: a) (y: b) : (a, b) = (x, y)

def swap 'a 'b ((x, y): (a, b)) : (b, a) = (y, x)

-- | Polymorphic over array element types.
def first 't (xs: []t) : t = xs[0]

def count_if 't (p: t -> bool) (xs: []t) : i64 = length (filter p xs)

entry main (x: i32) (y: f32) : (i32, (i32, f32), (f32, i32)) =
  (identity x, pair x y, swap (x, y))

entry others (xs: []bool) (ys: []f64) : (bool, i64) = (first xs, count_if (> 0.0) ys)
