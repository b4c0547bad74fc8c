-- If branches: the branches are tuples of different arity.
-- ==
-- error: Branches differ in type

def minmax (a: f32) (b: f32) =
  if a < b then (a, b)
  else (b, a, true)
