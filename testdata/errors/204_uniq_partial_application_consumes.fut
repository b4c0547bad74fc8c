-- Let-bound partial application of a consuming function.
-- ==
-- error: contains consumption, which is not allowed

def write (xs: *[]i32) (i: i64) (v: i32) : *[]i32 =
  xs with [i] = v

def twice (xs: *[]i32) =
  let w = write xs
  in (w 0 1, w 1 2)
