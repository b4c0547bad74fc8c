-- Sizes given by expressions: [n + 1], [n * m], [2 * n] in types.

-- | Appending one element grows the size by one.
def snoc [n] (xs: [n]i32) (x: i32) : [n + 1]i32 = xs ++ [x]

-- | Flattening produces a product size.
def flat [n][m] (xss: [n][m]f32) : [n * m]f32 = flatten xss

-- | Concatenating an array with itself doubles its size.
def doubled [n] (xs: [n]i32) : [n + n]i32 = xs ++ xs

-- | Interleave two arrays into an array of size 2*n.
def interleave [n] (xs: [n]i32) (ys: [n]i32) : [2 * n]i32 =
  flatten (map2 (\x y -> [x, y]) xs ys) :> [2 * n]i32

entry main [n] (xs: [n]i32) : ([n + 1]i32, [n + n]i32, [2 * n]i32) =
  (snoc xs 0, doubled xs, interleave xs xs)

entry flattened [n][m] (xss: [n][m]f32) : [n * m]f32 = flat xss
