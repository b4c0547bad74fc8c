-- Applying a projection section to a value of the wrong type: the section has no name.
-- ==
-- error: Cannot apply function to "p"

def first_x (p: (f32, f32)) =
  (.x) p
