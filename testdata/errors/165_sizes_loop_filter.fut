-- Loop parameter changing size: filtering shrinks `acc`, but its size is fixed to n.
-- ==
-- error: Sizes "n" and "[^[:space:]]+" do not match

def prune [n] (xs: [n]i32) (rounds: i64) =
  loop (acc: [n]i32) = xs for r < rounds do
    filter (> i32.i64 r) acc
