-- `pair_up` has no declared result type; its two parts alias one array, so neither is unique and `main` may not return them as unique.
-- ==
-- error: A unique-typed component of the return value is aliased to some other component

def pair_up (xs: []i64) = (xs, xs)

def main (n: i64) : (*[]i64, *[]i64) = pair_up (iota n)
