-- Type mismatch in application: `weight` expects f32 but gets an i32 count.
-- ==
-- error: Cannot apply "weight" to "n"

def weight (x: f32) : f32 = x * 0.75

def score (xs: []i32) : f32 =
  let n = i32.sum xs
  in weight n
