-- Redefining the short-circuiting `||` operator is not allowed.
-- ==
-- error: The \|\| operator may not be redefined

def (||) (a: i32) (b: i32) : i32 = a | b

def both (a: i32) (b: i32) = a || b
