-- Literal out of range: a negated element among unsuffixed numbers of a u16 array.
-- ==
-- error: Literal -3 out of bounds for inferred type u16

def offsets : []u16 = [1, 2, -3, 4]
