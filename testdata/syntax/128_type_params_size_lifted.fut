-- Size-lifted type parameters '~a, which may be instantiated with unknown-size arrays.

-- | Apply a function whose result size is not known in advance.
def apply_sized '~a 'b (f: b -> a) (x: b) : a = f x

-- | A size-lifted parameter lets us pass filter-like functions.
def keep_positive (xs: []i32) : []i32 = apply_sized (filter (> 0)) xs

-- | Choose between two values of a size-lifted type.
def choose '~a (b: bool) (x: a) (y: a) : a = if b then x else y

entry main (xs: []i32) : []i32 = keep_positive xs

entry pick (b: bool) (xs: []i32) (ys: []i32) : []i32 = choose b xs ys
