-- Array indexed with a float.
-- ==
-- error: Cannot unify type "f32" with any of

def sample (xs: []f32) (t: f32) : f32 =
  let pos = t * f32.i64 (length xs)
  in xs[pos]
