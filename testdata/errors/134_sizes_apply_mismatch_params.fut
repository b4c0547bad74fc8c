-- Sizes do not match in application: the two arrays have independent sizes n and m.
-- ==
-- error: Sizes "n" and "m" do not match

def axpy [k] (a: f32) (xs: [k]f32) (ys: [k]f32) : [k]f32 =
  map2 (\x y -> a * x + y) xs ys

def update [n][m] (a: f32) (xs: [n]f32) (ys: [m]f32) =
  axpy a xs ys
