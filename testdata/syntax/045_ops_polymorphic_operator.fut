-- Polymorphic user-defined operators, which require the prefix definition form.

-- | Function composition, left to right; binds like >>.
def (>>>.) '^a '^b '^c (f: a -> b) (g: b -> c) : a -> c = \x -> g (f x)

-- | Pair two values; binds like <.
def (<&>) 'a 'b (x: a) (y: b) : (a, b) = (x, y)

-- | Append two arrays of the same element type; binds like +.
def (+++) [n][m] 't (xs: [n]t) (ys: [m]t) : []t = xs ++ ys

def inc (x: i32) : i32 = x + 1
def dbl (x: i32) : i32 = x * 2

entry main (x: i32) : (i32, (i32, bool)) =
  ((inc >>>. dbl >>>. inc) x, x <&> true)

entry joined (xs: []i32) (ys: []i32) : []i32 = xs +++ ys +++ [0]
