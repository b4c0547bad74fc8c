-- Shadowing a size: the size parameter `[k]` is declared twice.
-- ==
-- error: Name "k" also bound

def outer [k] [k] (xs: [k]f32) (ys: [k]f32) : [k][k]f32 =
  map (\x -> map (* x) ys) xs
