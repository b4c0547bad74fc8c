-- Found by the fuzz target `format`: a comment between a function and
-- its first argument went onto the function's line, and the second
-- pass laid the call out otherwise.

def pair (a: i32) (b: i32) = (a, b)

def even (x: i32) : bool = x & 1 == (pair 0
-- | a comment before the argument
  1).0
