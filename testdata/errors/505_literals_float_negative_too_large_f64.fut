-- The negated float literal is beyond the range of f64.
-- ==
-- error: out of bounds

def lowest : f64 = -2.5e308
