-- Type mismatch: a boolean among unsuffixed integers of one array literal.
-- ==
-- error: (bool|i32)

def flags = [1, 2, true, 4, 5]
