-- Type mismatch in application: `select` is given a bool mask element instead of an index.
-- ==
-- error: Cannot apply "select" to "mask\[0\]"

def select (xs: []f32) (i: i64) : f32 = xs[i]

def first_masked (xs: []f32) (mask: []bool) : f32 =
  select xs mask[0]
