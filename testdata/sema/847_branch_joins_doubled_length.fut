-- A branch that doubles an array's length and one that keeps it: the
-- result has a new size (no occurs check across branches).
def maybe_double (c: bool) (xs: []i32) = if c then xs else xs ++ xs
