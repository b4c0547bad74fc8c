-- Size-lifted type parameters `'~a`: may be instantiated with types of unknown size.

def apply_to '~a '~b (f: a -> b) (x: a) : b = f x

def keep_positive (xs: []i32) : []i32 =
  apply_to (filter (> 0)) xs

def halve (xs: []f32) : []f32 = xs[0:length xs / 2]

def half_sum (xs: []f32) : f32 = f32.sum (apply_to halve xs)
