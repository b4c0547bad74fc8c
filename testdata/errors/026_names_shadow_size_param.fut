-- Shadowing a size: parameter `n` has the same name as the size parameter `[n]`.
-- ==
-- error: Name "n" also bound

def pad [n] (n: i64) (xs: [n]f32) : []f32 =
  xs ++ replicate n 0
