-- Size parameters: relating the sizes of parameters and the result.

def dot [n] (xs: [n]f32) (ys: [n]f32) : f32 =
  f32.sum (map2 (*) xs ys)

def matvec [n][m] (mat: [n][m]f32) (v: [m]f32) : [n]f32 =
  map (\row -> dot row v) mat

def outer [n][m] (xs: [n]f32) (ys: [m]f32) : [n][m]f32 =
  map (\x -> map (* x) ys) xs

def test = matvec (outer [1, 2] [3, 4, 5]) [1, 0, 1]
