-- Type abbreviation with an anonymous size only in a function parameter.
-- ==
-- error: anonymous size not used constructively

type^ reducer = []f32 -> f32

def apply (r: reducer) (xs: []f32) = r xs
