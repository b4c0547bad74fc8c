-- Type mismatch: a boolean after negated unsuffixed numbers of one array literal.
-- ==
-- error: (bool|i32)

def marks = [-1, -2, true]
