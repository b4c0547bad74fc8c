-- Prelude: sequential foldl and foldr.

def horner (coeffs: []f64) (x: f64) : f64 =
  foldl (\acc c -> acc * x + c) 0 coeffs

def right_assoc (xs: []i32) : i32 =
  foldr (\x acc -> x - acc) 0 xs
