-- User-defined operators declared in infix form: def x <*> y = ...

-- | Dot product of two 3-vectors, written infix.
def (a: [3]f32) <.> (b: [3]f32) : f32 = a[0] * b[0] + a[1] * b[1] + a[2] * b[2]

-- | Hypotenuse with untyped infix parameters; binds like <.
def x <*> y = f32.sqrt (x * x + y * y)

-- | Approximate equality with a fixed tolerance.
def (x: f64) ==. (y: f64) : bool = f64.abs (x - y) < 1e-9

-- | Euclidean modulus that is never negative.
def (a: i32) %+ (n: i32) : i32 = ((a % n) + n) % n

entry main (a: [3]f32) (b: [3]f32) : f32 = a <.> b

entry hypot [n] (xs: [n]f32) (ys: [n]f32) : [n]f32 = map2 (\x y -> x <*> y) xs ys

entry close (x: f64) : bool = (x * 3.0 / 3.0) ==. x

entry wrap (a: i32) : i32 = a %+ 7
