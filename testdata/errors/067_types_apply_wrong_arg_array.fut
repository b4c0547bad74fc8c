-- Type mismatch in application: passing a 2D array where a 1D array is expected.
-- ==
-- error: Cannot apply "total"

def total (xs: []f64) : f64 = f64.sum xs

def grand_total (m: [][]f64) : f64 =
  total m
