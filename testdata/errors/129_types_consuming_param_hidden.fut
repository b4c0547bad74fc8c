-- A consuming function given a type that hides the consumption.
-- ==
-- error: incompatible regarding consuming their arguments

def bump (xs: *[]i32) : i32 =
  let xs[0] = xs[0] + 1 in xs[0]

def hidden : []i32 -> i32 = bump
