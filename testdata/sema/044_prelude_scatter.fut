-- Prelude: scatter, scatter_2d and spread.

def permute [n] (xs: [n]f32) (perm: [n]i64) : [n]f32 =
  scatter (copy xs) perm xs

def mark_diag (n: i64) : [n][n]bool =
  scatter_2d (replicate n (replicate n false)) (map (\i -> (i, i)) (iota n)) (replicate n true)

def sparse (n: i64) (is: []i64) (vs: []i32) : [n]i32 = spread n 0 is vs
