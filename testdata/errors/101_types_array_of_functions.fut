-- Arrays of functions are not allowed.
-- ==
-- error: Cannot create array with elements of lifted type

def pipeline : [](f32 -> f32) =
  [\x -> x + 1, \x -> x * 2, f32.sqrt]
