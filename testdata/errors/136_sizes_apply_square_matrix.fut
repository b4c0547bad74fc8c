-- Sizes do not match in application: a square matrix is required but rows and columns differ.
-- ==
-- error: Sizes "rows" and "cols" do not match

def diag [n] (m: [n][n]f64) : [n]f64 =
  map (\i -> m[i, i]) (iota n)

def diag_of [rows][cols] (m: [rows][cols]f64) = diag m
