-- Ambiguous size: the inner dimension of an empty 2D array cannot be determined.
-- ==
-- error: Ambiguous size "m"

def total =
  let [n][m] (table: [n][m]i64) = []
  in n + m
