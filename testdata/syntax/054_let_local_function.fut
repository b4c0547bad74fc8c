-- Local function definitions with let f x y = ... inside expressions.

def sum_of_squares (xs: []f32) : f32 =
  let sq x = x * x
  let add (a: f32) (b: f32) : f32 = a + b
  in reduce add 0.0 (map sq xs)

-- | A local function that captures a variable from its environment.
def scale_all (k: i32) (xs: []i32) : []i32 =
  let scale x = x * k
  in map scale xs

-- | A local polymorphic function with a type parameter.
def both_pairs (a: i32) (b: f32) : ((i32, i32), (f32, f32)) =
  let dup 't (x: t) : (t, t) = (x, x)
  in (dup a, dup b)

-- | A local function with a size parameter.
def last_two (xs: []i32) : (i32, i32) =
  let pick [n] (ys: [n]i32) : (i32, i32) = (ys[n - 2], ys[n - 1])
  in pick xs

entry main (xs: []f32) : f32 = sum_of_squares xs

entry scaled (k: i32) (xs: []i32) : ([]i32, (i32, i32)) = (scale_all k xs, last_two xs)

entry dups (a: i32) (b: f32) : ((i32, i32), (f32, f32)) = both_pairs a b
