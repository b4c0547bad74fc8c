-- Function types: `x` goes into an array, and only a later use shows that it is a function.
-- ==
-- error: functional type

def both x = ([x], x 1i32)
