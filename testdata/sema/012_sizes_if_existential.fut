-- Branches with different sizes give an existential size when no size is declared.

def choose [n][m] (first: bool) (xs: [n]i32) (ys: [m]i32) : []i32 =
  if first then xs else ys

def maybe_trim (xs: []u8) (trim: bool) =
  if trim then xs[1:] else xs

def total (xs: []i32) = i32.sum (choose true xs (reverse xs))
