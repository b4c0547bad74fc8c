-- Array indexed with a bool instead of an integer.
-- ==
-- error: Cannot unify type "bool" with any of i8, i16, i32, i64

def pick_flag (xs: []f32) (flags: []bool) : f32 =
  xs[flags[0]]
