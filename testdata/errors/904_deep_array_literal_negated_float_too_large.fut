-- Literal out of range: a negated float among others of an f32 array is too large for f32.
-- ==
-- error: Literal -1e39 out of bounds for inferred type f32

def depths : []f32 = [-0.5, -1.5, -1e39]
