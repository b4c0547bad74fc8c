-- Function types: an `if` chooses between two functions, which defunctionalisation cannot follow.
-- ==
-- error: may not be of function type

def halve (x: f32) : f32 = x / 2
def double (x: f32) : f32 = x * 2

def rescale (shrink: bool) (xs: []f32) : []f32 =
  map (if shrink then halve else double) xs
