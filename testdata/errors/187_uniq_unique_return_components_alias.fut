-- Unique return: two unique components of the result alias each other.
-- ==
-- error: A unique-typed component of the return value is aliased to some other component

def twin (xs: *[]i64) : (*[]i64, *[]i64) =
  let ys = xs with [0] = 1
  in (ys, ys)
