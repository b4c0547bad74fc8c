-- Type mismatch in application: the mapped function takes f32 but the array holds i32.
-- ==
-- error: Cannot apply "map"

def halve (x: f32) : f32 = x / 2

def halve_all (xs: []i32) : []f32 =
  map halve xs
