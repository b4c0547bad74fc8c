-- Literal out of range: among negated unsuffixed numbers of an i8 array, one below -128.
-- ==
-- error: Literal -129 out of bounds for inferred type i8

def drops : []i8 = [-1, -2, -129, -4]
