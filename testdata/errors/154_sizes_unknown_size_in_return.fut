-- Unknown size parameter: the return type mentions `k`, which is not in scope.
-- ==
-- error: Unknown name "k"

def prefix [n] (xs: [n]u8) : [k]u8 =
  take 2 xs
